import { describe, expect, it } from 'vitest'
import { heldFiles } from './held-files.ts'

describe('heldFiles', () => {
  it('holds each file under its own key until released', () => {
    const held = heldFiles('quotes')
    const a = new File(['a'], 'a.csv')
    const b = new File(['b'], 'b.csv')
    const [ka, kb] = [held.hold(a), held.hold(b)]
    expect(ka).not.toBe(kb)
    expect(held.take(ka, false)).toBe(a)
    expect(held.take(ka, true)).toBe(a)
    expect(held.take(ka, false)).toBeUndefined()
    expect(held.take(kb, false)).toBe(b)
  })
})
