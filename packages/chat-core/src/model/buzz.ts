// Buzz (spec section 4): a buzz from someone else, when none is running, starts the buzz with its
// sound; it finishes 2 s later. A buzz arriving meanwhile, or my own, does nothing.
import { BUZZ_MS, CHAT_CUSTOM_TYPES } from '@bonds/domain'
import type { ChatMessage } from '@bonds/domain'
import { systemClock, type ChatClock } from './clock.ts'

/** Where the buzz is. */
export type BuzzState = 'idle' | 'started' | 'finished'

/** Whether a message is a buzz. */
export function isBuzz(message: Pick<ChatMessage, 'customType' | 'data'>): boolean {
  if (message.customType === CHAT_CUSTOM_TYPES.buzz) return true
  try {
    return (JSON.parse(message.data || '{}') as { type?: unknown }).type === 'buzz'
  } catch {
    return false
  }
}

/** The buzz of one session. */
export interface Buzz {
  state(): BuzzState
  /** A message arrived: starts the buzz when it is someone else's and none is running. */
  receive(message: ChatMessage, me: string): boolean
  subscribe(listener: (state: BuzzState) => void): () => void
  dispose(): void
}

/** Create the buzz; `play` is the buzz sound. */
export function createBuzz(options: {
  play?: () => void
  clock?: ChatClock
  durationMs?: number
}): Buzz {
  const clock = options.clock ?? systemClock
  const listeners = new Set<(state: BuzzState) => void>()
  let state: BuzzState = 'idle'
  let timer: unknown = null
  const set = (next: BuzzState) => {
    state = next
    for (const listener of [...listeners]) listener(next)
  }
  return {
    state: () => state,
    receive(message, me) {
      if (!isBuzz(message) || message.sender?.userId === me || state === 'started') return false
      set('started')
      options.play?.()
      timer = clock.setTimeout(() => {
        timer = null
        set('finished')
      }, options.durationMs ?? BUZZ_MS)
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
      listeners.clear()
      state = 'idle'
    },
  }
}
