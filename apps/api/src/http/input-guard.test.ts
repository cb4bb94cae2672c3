import { describe, expect, it } from 'vitest'
import { nulPath } from './input-guard.ts'

describe('nulPath', () => {
  it('finds the first string or key holding a NUL, by its dotted path', () => {
    expect(nulPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c')
    expect(nulPath({ ['k\u0000']: 1 })).toBe('k\u0000')
    expect(nulPath('a\u0000')).toBe('')
    expect(nulPath({ a: 'line\nbreaks are fine', n: 1, z: null })).toBeNull()
    expect(nulPath(Buffer.from([0, 0, 0]))).toBeNull()
  })
})
