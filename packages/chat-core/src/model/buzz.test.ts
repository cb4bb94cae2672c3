import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aMessage } from '../testing/factories.ts'
import { createBuzz, isBuzz } from './buzz.ts'

const buzzFrom = (who: string) =>
  aMessage('ch_a', who, { customType: 'buzz', data: '{"type":"buzz"}', message: '' })

describe('buzz (spec section 4)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('recognises a buzz by custom type or data', () => {
    expect(isBuzz(buzzFrom('x'))).toBe(true)
    expect(isBuzz(aMessage('ch_a', 'x', { data: '{"type":"buzz"}' }))).toBe(true)
    expect(isBuzz(aMessage('ch_a', 'x'))).toBe(false)
  })

  it('starts with its sound, finishes after 2 s', () => {
    const play = vi.fn()
    const buzz = createBuzz({ play })
    const seen: string[] = []
    buzz.subscribe((state) => seen.push(state))
    expect(buzz.receive(buzzFrom('x'), 'me')).toBe(true)
    expect(buzz.state()).toBe('started')
    expect(play).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1999)
    expect(buzz.state()).toBe('started')
    vi.advanceTimersByTime(1)
    expect(seen).toEqual(['started', 'finished'])
  })

  it('ignores a buzz while one runs, my own buzz and other messages', () => {
    const play = vi.fn()
    const buzz = createBuzz({ play })
    expect(buzz.receive(buzzFrom('me'), 'me')).toBe(false)
    expect(buzz.receive(aMessage('ch_a', 'x'), 'me')).toBe(false)
    buzz.receive(buzzFrom('x'), 'me')
    vi.advanceTimersByTime(1000)
    expect(buzz.receive(buzzFrom('y'), 'me')).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(buzz.receive(buzzFrom('y'), 'me')).toBe(true)
    expect(play).toHaveBeenCalledTimes(2)
  })
})
