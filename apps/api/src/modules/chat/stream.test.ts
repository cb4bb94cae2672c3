// One socket's event sequence against a fake store: whatever order, repeats and losses live events
// come with, and wherever the client starts, every event after its start goes out once, in order.
import type { ChatEvent } from '@bonds/domain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEventStream, type Numbered } from './stream.ts'

const eventOf = (seq: number): ChatEvent => ({
  kind: 'read',
  channelUrl: 'ch_x',
  messageId: seq,
  at: seq,
})

/** A stream over a store holding events 1..committed, recording what it sends. */
function harness(delays: number[] = []) {
  let committed = 0
  const sent: number[] = []
  const frames: number[][] = []
  let reads = 0
  const stream = createEventStream({
    read: async (after, limit) => {
      reads += 1
      await new Promise((r) => setTimeout(r, delays[reads % Math.max(delays.length, 1)] ?? 0))
      const items: Numbered[] = []
      for (let seq = after + 1; seq <= committed && items.length < limit; seq += 1) {
        items.push({ seq, event: eventOf(seq) })
      }
      return items
    },
    send: (items) => {
      frames.push(items.map((i) => i.seq))
      sent.push(...items.map((i) => i.seq))
    },
    isOpen: () => true,
    onError: (error) => {
      throw error
    },
  })
  return {
    stream,
    sent,
    frames,
    commit: (n: number) => {
      committed = Math.max(committed, n)
    },
    reads: () => reads,
  }
}

const settle = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 1))
}

describe('event stream', () => {
  it('replays the gap from the store, then sends live events in order', async () => {
    const h = harness()
    h.commit(5)
    await h.stream.start(2, 5)
    expect(h.sent).toEqual([3, 4, 5])
    h.commit(7)
    h.stream.offer({ seq: 7, event: eventOf(7) })
    await settle(() => h.sent.length === 5)
    expect(h.sent).toEqual([3, 4, 5, 6, 7])
    h.stream.offer({ seq: 6, event: eventOf(6) })
    h.stream.offer({ seq: 7, event: eventOf(7) })
    await settle(() => false)
    expect(h.sent).toEqual([3, 4, 5, 6, 7])
  })

  it('holds live events that arrive before it knows where to start', async () => {
    const h = harness()
    h.commit(4)
    h.stream.offer({ seq: 4, event: eventOf(4) })
    h.stream.offer({ seq: 2, event: eventOf(2) })
    expect(h.sent).toEqual([])
    await h.stream.start(2, 3)
    await settle(() => h.sent.length >= 2)
    expect(h.sent).toEqual([3, 4])
  })

  it('reads a long gap in frames of at most 500', async () => {
    const h = harness()
    h.commit(1200)
    await h.stream.start(0, 1200)
    expect(h.frames.map((f) => f.length)).toEqual([500, 500, 200])
    expect(h.sent).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1))
  })

  it('sends each event after the start once, in order, whatever the bus does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 5 }),
        async (total, from, deliveries, delays) => {
          const start = Math.min(from, total)
          const h = harness(delays)
          h.commit(total)
          // Some live events arrive before the start, the rest after, repeated and out of order.
          const early = deliveries.slice(0, deliveries.length / 3)
          const late = deliveries.slice(deliveries.length / 3)
          for (const seq of early) if (seq <= total) h.stream.offer({ seq, event: eventOf(seq) })
          const started = h.stream.start(start, start)
          for (const seq of late) {
            if (seq <= total) h.stream.offer({ seq, event: eventOf(seq) })
            if (seq % 7 === 0) await new Promise((r) => setTimeout(r, 0))
          }
          await started
          // A ping finds the rest in the store (events whose bus message was lost).
          await h.stream.raise(total)
          await settle(() => h.sent.length >= total - start)
          expect(h.sent).toEqual(Array.from({ length: total - start }, (_, i) => start + i + 1))
        },
      ),
      { numRuns: 150 },
    )
  })
})
