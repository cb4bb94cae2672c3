// The unread bookkeeping alone: a resync forgets every number, so a held channel's count is taken
// again from its next read, with the events that came meanwhile (decision 371).
import { describe, expect, it } from 'vitest'
import { aChannel, aMessage } from '../../testing/factories.ts'
import { createUnreadLedger } from './unread.ts'

describe('the unread ledger', () => {
  it('after a resync, takes the count from the channel’s read, not from numbers of a gone store', () => {
    const ledger = createUnreadLedger()
    let held = ledger.adopt(
      aChannel('ch_a', 'me', ['bharat'], { unreadMessageCount: 4, seq: 5000 }),
      undefined,
      5000,
    )
    ledger.clear()
    // The store was reset: its numbers start again below what was held.
    const message = aMessage('ch_a', 'bharat', { messageId: 9 })
    held = ledger.message(held, 'ch_a', 4, message, 'me')!
    expect(held.unreadMessageCount).toBe(4)
    held = ledger.adopt(
      aChannel('ch_a', 'me', ['bharat'], { unreadMessageCount: 1, seq: 3 }),
      held,
      4,
    )
    expect(held.unreadMessageCount).toBe(2)
    expect(held.lastMessage?.messageId).toBe(9)
    expect(
      ledger.message(held, 'ch_a', 5, aMessage('ch_a', 'bharat'), 'me')?.unreadMessageCount,
    ).toBe(3)
  })

  it('does not count a message already in the held read, and takes the newer last message by time', () => {
    const ledger = createUnreadLedger()
    const newer = aMessage('ch_a', 'bharat', { messageId: 2, createdAt: 2_000 })
    const held = ledger.adopt(
      aChannel('ch_a', 'me', ['bharat'], { unreadMessageCount: 1, seq: 7, lastMessage: newer }),
      undefined,
      0,
    )
    const older = aMessage('ch_a', 'bharat', { messageId: 3, createdAt: 1_000 })
    expect(ledger.message(held, 'ch_a', 7, older, 'me')).toBe(held)
    const next = ledger.message(held, 'ch_a', 8, older, 'me')!
    expect(next.unreadMessageCount).toBe(2)
    expect(next.lastMessage).toBe(newer)
  })
})
