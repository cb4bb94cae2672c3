import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKeyedThrottle } from './throttle.ts'

describe('delivered throttle (1 per second per channel)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the first at once and folds the rest of the second into one', () => {
    const run = vi.fn()
    const throttle = createKeyedThrottle(run)
    throttle.call('a')
    throttle.call('a')
    throttle.call('a')
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(999)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5000)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('keeps channels apart', () => {
    const run = vi.fn()
    const throttle = createKeyedThrottle(run)
    throttle.call('a')
    throttle.call('b')
    expect(run.mock.calls).toEqual([['a'], ['b']])
  })

  it('drops what is pending on dispose', () => {
    const run = vi.fn()
    const throttle = createKeyedThrottle(run)
    throttle.call('a')
    throttle.call('a')
    throttle.dispose()
    vi.advanceTimersByTime(2000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
