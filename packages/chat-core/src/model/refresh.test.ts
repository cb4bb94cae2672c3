import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { batches, createChannelRefresher } from './refresh.ts'

describe('channel list refresh (spec section 9)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('splits into batches', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ])
  })

  it('every 600000 ms refreshes visible direct channels 5 at a time, 60 s apart', async () => {
    const visible = Array.from({ length: 12 }, (_, i) => `ch_${i}`)
    const refresh = vi.fn(async (_url: string) => {})
    const refresher = createChannelRefresher({ visibleDirectChannels: () => visible, refresh })
    refresher.start()
    await vi.advanceTimersByTimeAsync(599_999)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh.mock.calls.map(([url]) => url)).toEqual(visible.slice(0, 5))
    await vi.advanceTimersByTimeAsync(59_999)
    expect(refresh).toHaveBeenCalledTimes(5)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(10)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(refresh).toHaveBeenCalledTimes(12)
    await vi.advanceTimersByTimeAsync(600_000 - 120_000)
    expect(refresh).toHaveBeenCalledTimes(17)
    refresher.stop()
  })

  it('stops between batches and survives a failed refresh', async () => {
    const refresh = vi.fn(async (url: string) => {
      if (url === 'ch_0') throw new Error('gone')
    })
    const refresher = createChannelRefresher({
      visibleDirectChannels: () => ['ch_0', 'ch_1', 'ch_2', 'ch_3', 'ch_4', 'ch_5'],
      refresh,
    })
    refresher.start()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(refresh).toHaveBeenCalledTimes(5)
    refresher.stop()
    await vi.advanceTimersByTimeAsync(10 * 600_000)
    expect(refresh).toHaveBeenCalledTimes(5)
  })
})
