// How the schemas run. zod compiles object schemas with `new Function` when the page allows it;
// it asks by trying once, which a strict Content-Security-Policy (the apps' `script-src 'self'`)
// refuses and reports as a violation. In the browser the schemas run without compiling.
import { z } from 'zod'

/** Run every schema without compiling code at run time (call once, before the first parse). */
export function runSchemasWithoutEval(): void {
  z.config({ jitless: true })
}
