import { describe, expect, it } from 'vitest'
import { aMessage } from '../testing/factories.ts'
import { createSending, guarded, mergeLatestPage, mergeMessages } from './shared.ts'

describe('sending state', () => {
  it('goes pending → succeeded with the stored message', async () => {
    const stored = aMessage('ch_a', 'me')
    const sending = createSending(
      { reqId: 'r1', channelUrl: 'ch_a', preview: 'hi' },
      async () => stored,
    )
    const states: string[] = [sending.current().state]
    sending.subscribe((outgoing) => states.push(outgoing.state))
    await expect(sending.done).resolves.toBe(stored)
    expect(states).toEqual(['pending', 'succeeded'])
    expect(sending.current().message).toBe(stored)
  })

  it('goes pending → failed with the reason', async () => {
    const sending = createSending({ reqId: 'r2', channelUrl: 'ch_a', preview: 'hi' }, async () => {
      throw new Error('Accept the invitation before sending messages')
    })
    await expect(sending.done).rejects.toThrow('Accept the invitation')
    expect(sending.current()).toMatchObject({
      state: 'failed',
      error: 'Accept the invitation before sending messages',
    })
  })
})

describe('guarded loads', () => {
  it('answers a call during a load with the same promise, then loads again', async () => {
    let calls = 0
    let release!: () => void
    const load = guarded(
      () =>
        new Promise<number>((resolve) => {
          calls += 1
          release = () => resolve(calls)
        }),
    )
    const first = load()
    const second = load()
    expect(second).toBe(first)
    release()
    await expect(first).resolves.toBe(1)
    const third = load()
    release()
    await expect(third).resolves.toBe(2)
  })
})

describe('merging messages', () => {
  it('orders by time and replaces by id', () => {
    const a = aMessage('c', 'x', { messageId: 1, createdAt: 1 })
    const b = aMessage('c', 'x', { messageId: 2, createdAt: 2 })
    const b2 = { ...b, message: 'edited' }
    expect(mergeMessages([b], [a, b2])).toEqual([a, b2])
  })

  it('puts a page of older messages in front, and sorts a page that overlaps the list', () => {
    const m = (id: number, at: number) => aMessage('c', 'x', { messageId: id, createdAt: at })
    const list = [m(5, 50), m(6, 60)]
    expect(mergeMessages(list, [m(3, 30), m(4, 40)]).map((x) => x.messageId)).toEqual([3, 4, 5, 6])
    // Ids older than the list's first, created later than it (sent at once): sorted in by time.
    expect(mergeMessages(list, [m(3, 30), m(4, 55)]).map((x) => x.messageId)).toEqual([3, 5, 4, 6])
    // A page out of order is sorted, and a known id is replaced, not repeated.
    expect(mergeMessages(list, [m(4, 40), m(3, 30), m(5, 50)]).map((x) => x.messageId)).toEqual([
      3, 4, 5, 6,
    ])
  })
})

describe('merging the latest page into the cache', () => {
  const m = (id: number) => aMessage('c', 'x', { messageId: id, createdAt: id * 10 })
  const ids = (list: readonly { messageId: number }[]) => list.map((x) => x.messageId)
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => m(from + i))

  it('keeps cached older messages when the page overlaps the cache', () => {
    // Messages 1–8 cached (older pages loaded before); the latest page is 6–10.
    const merged = mergeLatestPage(range(1, 8), range(6, 10), false)
    expect(ids(merged.messages)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(merged.dropped).toBe(false)
  })

  it('takes the page as the truth over its span and keeps what arrived after it', () => {
    const edited = { ...m(7), message: 'edited' }
    // 8 was deleted on the server; 12 arrived on the socket while the page was asked for.
    const merged = mergeLatestPage([...range(4, 8), m(12)], [m(6), edited, m(9)], false)
    expect(ids(merged.messages)).toEqual([4, 5, 6, 7, 9, 12])
    expect(merged.messages[3]!.message).toBe('edited')
  })

  it('drops cached history a gap separates from the page, and what the page proves gone', () => {
    const gap = mergeLatestPage(range(1, 5), range(8, 10), false)
    expect(ids(gap.messages)).toEqual([8, 9, 10])
    expect(gap.dropped).toBe(true)
    // The page starts the channel: nothing older than it exists any more.
    const complete = mergeLatestPage(range(1, 8), range(6, 10), true)
    expect(ids(complete.messages)).toEqual([6, 7, 8, 9, 10])
    expect(complete.dropped).toBe(true)
  })

  it('keeps the cache as it is for an empty page, and takes the page for an empty cache', () => {
    expect(ids(mergeLatestPage(range(1, 3), [], false).messages)).toEqual([1, 2, 3])
    expect(mergeLatestPage([], range(1, 3), false)).toEqual({
      messages: range(1, 3),
      dropped: false,
    })
  })
})
