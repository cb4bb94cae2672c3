// The zod every schema of the product is built with. zod compiles object schemas with
// `new Function` when the page allows it; it asks by trying once, when the first object schema is
// built, which a strict Content-Security-Policy (the apps' `script-src 'self'`) refuses and
// reports as a violation. In a browser the schemas run without compiling, set here before any
// schema exists: schema modules import `z` from this module, never from 'zod' (lint holds it), so
// a bundler keeps this module's set-up wherever a schema is used. The server keeps compiled
// schemas.
import { z } from 'zod'

/** Run every schema without compiling code at run time. */
export function runSchemasWithoutEval(): void {
  z.config({ jitless: true })
}

/** A page (a window with a document), where the Content-Security-Policy applies. */
export function inBrowser(): boolean {
  return 'window' in globalThis && 'document' in globalThis
}

if (inBrowser()) runSchemasWithoutEval()

export { z }
