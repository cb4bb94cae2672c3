import { z } from 'zod'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runSchemasWithoutEval } from './runtime.ts'

describe('runSchemasWithoutEval', () => {
  afterEach(() => {
    z.config({ jitless: false })
  })

  it('parses objects without ever calling the Function constructor', () => {
    runSchemasWithoutEval()
    const spy = vi.spyOn(globalThis, 'Function')
    const schema = z.object({ isin: z.string(), quantum: z.number() })
    expect(schema.parse({ isin: 'IN0020210244', quantum: 5 })).toEqual({
      isin: 'IN0020210244',
      quantum: 5,
    })
    expect(spy).not.toHaveBeenCalled()
  })
})
