import { describe, expect, it } from 'vitest'
import { heardTracker } from './heard.ts'

const heardOf = (...seqs: number[]) => seqs.map((seq) => ({ userId: 'u', seq }))

describe('heardTracker', () => {
  it('answers the cursor until something after it is heard', () => {
    const heard = heardTracker()
    expect(heard.through('u', 4)).toBe(4)
    heard.heard(heardOf(5, 6, 7))
    expect(heard.through('u', 4)).toBe(7)
    expect(heard.through('u', 6)).toBe(7)
    expect(heard.through('u', 7)).toBe(7)
    expect(heard.through('other', 4)).toBe(4)
  })

  it('never passes a number it did not hear', () => {
    const heard = heardTracker()
    heard.heard(heardOf(5, 6))
    // 7 lost on the bus: 8 starts a new stretch the cursor (6) cannot reach.
    heard.heard(heardOf(8, 9))
    expect(heard.through('u', 6)).toBe(6)
    expect(heard.through('u', 3)).toBe(3)
    // Once the sweep read 7 itself, the cursor is 7 and the stretch after it counts.
    expect(heard.through('u', 7)).toBe(9)
  })

  it('takes numbers out of order at either end, and ignores repeats and stragglers', () => {
    const heard = heardTracker()
    heard.heard(heardOf(6, 5, 7, 6, 4))
    expect(heard.through('u', 3)).toBe(7)
    heard.heard(heardOf(1))
    expect(heard.through('u', 3)).toBe(7)
    expect(heard.through('u', 0)).toBe(0)
  })
})
