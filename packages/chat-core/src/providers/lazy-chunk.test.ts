// `@sendbird/chat` must never weigh on a first paint (issue 20): bundled the way an app bundles
// this package, the SDK lands only in chunks the entry loads on demand.
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

describe('the Sendbird SDK is in a lazy chunk', () => {
  it('is absent from the entry and present in a dynamically imported chunk', async () => {
    const result = await build({
      entryPoints: [decodeURIComponent(new URL('../index.ts', import.meta.url).pathname)],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      outdir: '/virtual',
      metafile: true,
      logLevel: 'silent',
    })
    const outputs = Object.entries(result.metafile.outputs)
    const entry = outputs.find(([, output]) => output.entryPoint)!
    const fromSdk = (inputs: Record<string, unknown>) =>
      Object.keys(inputs).some((input) => input.includes('@sendbird/chat'))
    // Nothing of the SDK in the entry, nor in any chunk the entry imports statically.
    const eager = new Set([entry[0]])
    for (const [path, output] of outputs) {
      if (!eager.has(path)) continue
      for (const imported of output.imports)
        if (imported.kind === 'import-statement') eager.add(imported.path)
    }
    for (const [path, output] of outputs) {
      if (eager.has(path)) expect(fromSdk(output.inputs), path).toBe(false)
    }
    expect(outputs.some(([path, output]) => !eager.has(path) && fromSdk(output.inputs))).toBe(true)
    expect(entry[1].imports.some((imported) => imported.kind === 'dynamic-import')).toBe(true)
  })
})
