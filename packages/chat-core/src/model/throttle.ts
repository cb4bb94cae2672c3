// Delivered marks (spec sections 4 and 9): at most one a second per channel. The first call goes at
// once; calls within the second after it become one more call when the second is over.
import { DELIVERED_THROTTLE_MS } from '@bonds/domain'
import { systemClock, type ChatClock } from './clock.ts'

/** A throttle keyed by channel. */
export interface KeyedThrottle {
  call(key: string): void
  dispose(): void
}

/** Throttle `run` per key to one call per `ms`, leading and trailing. */
export function createKeyedThrottle(
  run: (key: string) => void,
  options: { clock?: ChatClock; ms?: number } = {},
): KeyedThrottle {
  const clock = options.clock ?? systemClock
  const ms = options.ms ?? DELIVERED_THROTTLE_MS
  const windows = new Map<string, { timer: unknown; pending: boolean }>()
  const open = (key: string) => {
    const window = {
      pending: false,
      timer: clock.setTimeout(() => {
        windows.delete(key)
        if (window.pending) {
          run(key)
          open(key)
        }
      }, ms),
    }
    windows.set(key, window)
  }
  return {
    call(key) {
      const window = windows.get(key)
      if (window) {
        window.pending = true
        return
      }
      run(key)
      open(key)
    },
    dispose() {
      for (const window of windows.values()) clock.clearTimeout(window.timer)
      windows.clear()
    },
  }
}
