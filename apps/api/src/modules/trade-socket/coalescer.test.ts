// The per-socket coalescing of stream messages, on a fake clock.
import {
  socketFrameMessages,
  socketServerFrameSchema,
  type SocketServerMessage,
} from '@bonds/domain'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createCoalescer,
  MAX_SPACING_MS,
  SLICE,
  SLOT_PER_SOCKET_MS,
  type Coalescer,
} from './coalescer.ts'

const quote = (n: number): SocketServerMessage => ({
  type: 'quotes_stream',
  data: { finstrument_id: 'IN0020210244', n },
})

/** Real time spent writing frames, as the coalescer reads it: each frame costs `frameCost` ms. */
let busy = 0
let frameCost = 0

/** A socket that records its frames, parsed with the domain's frame schema. */
function recorder(coalescer: Coalescer) {
  const frames: { at: number; raw: Buffer; messages: SocketServerMessage[] }[] = []
  const outbox = coalescer.outbox((raw) => {
    busy += frameCost
    const frame = socketServerFrameSchema.parse(JSON.parse(raw.toString('utf8')))
    frames.push({ at: Date.now(), raw, messages: socketFrameMessages(frame) })
  })
  const messages = () => frames.flatMap((f) => f.messages)
  return { outbox, frames, messages }
}

let coalescer: Coalescer

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
  busy = 0
  frameCost = 0
  coalescer = createCoalescer(50, Date.now, () => busy)
})

afterEach(() => {
  coalescer.close()
  vi.useRealTimers()
})

describe('coalescer', () => {
  it('sends a message to an idle socket on the next turn (never inside the publisher), as itself', () => {
    const socket = recorder(coalescer)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(1)))
    expect(socket.frames).toHaveLength(0)
    vi.advanceTimersByTime(0)
    expect(socket.frames).toHaveLength(1)
    expect(JSON.parse(socket.frames[0]!.raw.toString())).toEqual(quote(1))
  })

  it('batches what arrives within the interval into one frame, in order, at the next slot', () => {
    const socket = recorder(coalescer)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(1)))
    vi.advanceTimersByTime(10)
    for (const n of [2, 3, 4]) coalescer.deliver(socket.outbox, coalescer.prepare(quote(n)))
    vi.advanceTimersByTime(39)
    expect(socket.frames).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(socket.frames).toHaveLength(2)
    expect(socket.frames[1]!.at - socket.frames[0]!.at).toBe(50)
    expect(JSON.parse(socket.frames[1]!.raw.toString())).toEqual({
      type: 'batch',
      messages: [quote(2), quote(3), quote(4)],
    })
  })

  it('sends what an idle socket gets within one turn as one frame, in order', () => {
    const socket = recorder(coalescer)
    for (const n of [1, 2]) coalescer.deliver(socket.outbox, coalescer.prepare(quote(n)))
    vi.advanceTimersByTime(0)
    expect(socket.frames.map((f) => f.messages)).toEqual([[quote(1), quote(2)]])
  })

  it('sends one waiting message as itself', () => {
    const socket = recorder(coalescer)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(1)))
    vi.advanceTimersByTime(0)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(2)))
    vi.advanceTimersByTime(50)
    expect(JSON.parse(socket.frames[1]!.raw.toString())).toEqual(quote(2))
  })

  it('sends at most one frame per socket per interval and loses nothing under a steady stream', () => {
    const sockets = [recorder(coalescer), recorder(coalescer), recorder(coalescer)]
    let n = 0
    for (let t = 0; t < 1000; t += 2) {
      n += 1
      const message = coalescer.prepare(quote(n))
      // The third socket gets every other message only.
      for (const [i, s] of sockets.entries())
        if (i < 2 || n % 2 === 0) coalescer.deliver(s.outbox, message)
      vi.advanceTimersByTime(2)
    }
    vi.advanceTimersByTime(50)
    for (const [i, s] of sockets.entries()) {
      const gaps = s.frames.slice(1).map((f, k) => f.at - s.frames[k]!.at)
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50)
      expect(s.frames.length).toBeLessThanOrEqual(1000 / 50 + 2)
      const expected = Array.from({ length: n }, (_, k) => k + 1).filter(
        (k) => i < 2 || k % 2 === 0,
      )
      expect(s.messages().map((m) => ('data' in m ? m.data.n : null))).toEqual(expected)
    }
    // Sockets that got the same run share one frame, built once.
    expect(sockets[0]!.frames[3]!.raw).toBe(sockets[1]!.frames[3]!.raw)
  })

  it('writes a pass a slice of sockets at a time, the event loop turning in between', () => {
    const sockets = Array.from({ length: 2 * SLICE + 1 }, () => recorder(coalescer))
    const message = coalescer.prepare(quote(1))
    for (const s of sockets) coalescer.deliver(s.outbox, message)
    const written = () => sockets.filter((s) => s.frames.length > 0).length
    expect(written()).toBe(0)
    vi.advanceTimersToNextTimer()
    expect(written()).toBe(SLICE)
    // A socket closed before its slice is written gets nothing.
    coalescer.drop(sockets.at(-1)!.outbox)
    vi.advanceTimersToNextTimer()
    expect(written()).toBe(2 * SLICE)
    vi.advanceTimersToNextTimer()
    expect(written()).toBe(2 * SLICE)
    expect(sockets.every((s) => s.frames.length <= 1)).toBe(true)
    expect(sockets[SLICE + 1]!.frames[0]!.raw).toBe(sockets[0]!.frames[0]!.raw)
  })

  it('forgets a dropped socket and sends everything at once with no interval', () => {
    const socket = recorder(coalescer)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(1)))
    vi.advanceTimersByTime(0)
    coalescer.deliver(socket.outbox, coalescer.prepare(quote(2)))
    coalescer.drop(socket.outbox)
    vi.advanceTimersByTime(100)
    expect(socket.frames).toHaveLength(1)

    const immediate = createCoalescer(0)
    const other = recorder(immediate)
    for (const n of [1, 2, 3]) immediate.deliver(other.outbox, immediate.prepare(quote(n)))
    expect(other.frames.map((f) => f.messages)).toEqual([[quote(1)], [quote(2)], [quote(3)]])
    immediate.close()
  })

  it('widens a socket’s slot while writing a pass is slow (a quarter of the time at most), and narrows it back', () => {
    const sockets = Array.from({ length: 100 }, () => recorder(coalescer))
    const gapsAfter = (messages: number) => {
      const before = sockets[0]!.frames.length
      for (let k = 0; k < messages; k += 1) {
        const message = coalescer.prepare(quote(k))
        for (const s of sockets) coalescer.deliver(s.outbox, message)
        vi.advanceTimersByTime(10)
      }
      const frames = sockets[0]!.frames.slice(Math.max(0, before - 1))
      return frames.slice(1).map((f, k) => f.at - frames[k]!.at)
    }
    // Writing 100 frames takes 100 ms: the slot is the widest (a quarter would be 400 ms).
    frameCost = 1
    const slow = gapsAfter(100)
    expect(slow.length).toBeGreaterThan(2)
    expect(slow.slice(1).every((gap) => gap === MAX_SPACING_MS)).toBe(true)
    // Writing is quick again: the slot comes back to the interval within a few passes.
    frameCost = 0
    const quick = gapsAfter(300)
    expect(quick.at(-1)).toBe(50)
    expect(Math.min(...quick)).toBeGreaterThanOrEqual(50)
    // Nothing was lost or reordered on the way.
    vi.advanceTimersByTime(MAX_SPACING_MS)
    const sent = [
      ...Array.from({ length: 100 }, (_, k) => k),
      ...Array.from({ length: 300 }, (_, k) => k),
    ]
    for (const s of sockets) {
      expect(s.messages().map((m) => ('data' in m ? m.data.n : null))).toEqual(sent)
    }
  })

  it('widens the slot when the paced slices of 2,000 sockets take long together, though each is short', () => {
    // A frame costs 0.05 ms: a slice of 128 takes 6.4 ms, the 2,000 sockets of a slot 100 ms,
    // so the slot widens to the widest (a quarter of it would be 400 ms).
    frameCost = 0.05
    const recorded = recorder(coalescer)
    const others = Array.from({ length: 1999 }, () =>
      coalescer.outbox(() => {
        busy += frameCost
      }),
    )
    for (let k = 0; k < 300; k += 1) {
      const message = coalescer.prepare(quote(k))
      coalescer.deliver(recorded.outbox, message)
      for (const outbox of others) coalescer.deliver(outbox, message)
      vi.advanceTimersByTime(10)
    }
    const gaps = recorded.frames.slice(1).map((f, k) => f.at - recorded.frames[k]!.at)
    expect(gaps.slice(-5)).toEqual(Array.from({ length: 5 }, () => MAX_SPACING_MS))
    for (const outbox of others) coalescer.drop(outbox)
  })

  it('grows the slot with the sockets beyond 1,000 (2,000: 100 ms) and back as they close, in order', () => {
    // Two recorded sockets among 2,000 (the others only count).
    const recorded = [recorder(coalescer), recorder(coalescer)]
    const others = Array.from({ length: 1998 }, () => coalescer.outbox(() => undefined))
    const gaps = (messages: number) => {
      const before = recorded[0]!.frames.length
      for (let k = 0; k < messages; k += 1) {
        const message = coalescer.prepare(quote(k))
        for (const s of recorded) coalescer.deliver(s.outbox, message)
        vi.advanceTimersByTime(10)
      }
      const frames = recorded[0]!.frames.slice(Math.max(0, before - 1))
      return frames.slice(1).map((f, k) => f.at - frames[k]!.at)
    }
    expect(2000 * SLOT_PER_SOCKET_MS).toBe(100)
    expect(new Set(gaps(50).slice(1))).toEqual(new Set([100]))
    // Half of them close: 1,000 sockets fill the 50 ms interval.
    for (const outbox of others.splice(998)) coalescer.drop(outbox)
    vi.advanceTimersByTime(100)
    expect(new Set(gaps(50).slice(1))).toEqual(new Set([50]))
    vi.advanceTimersByTime(100)
    for (const s of recorded) {
      expect(s.messages().map((m) => ('data' in m ? m.data.n : null))).toEqual([
        ...Array.from({ length: 50 }, (_, k) => k),
        ...Array.from({ length: 50 }, (_, k) => k),
      ])
    }
  })

  it('writes a socket that waited again before the next pass once a slot, in the order the sockets began to wait', () => {
    const written: { socket: string; messages: SocketServerMessage[] }[] = []
    const socket = (name: string) =>
      coalescer.outbox((raw) => {
        const frame = socketServerFrameSchema.parse(JSON.parse(raw.toString('utf8')))
        written.push({ socket: name, messages: socketFrameMessages(frame) })
      })
    const [a, b] = [socket('a'), socket('b')]
    coalescer.deliver(a, coalescer.prepare(quote(1)))
    vi.advanceTimersByTime(0)
    // b begins to wait first; a (its old entry not yet swept) after it, with two messages.
    vi.advanceTimersByTime(60)
    coalescer.deliver(b, coalescer.prepare(quote(2)))
    coalescer.deliver(a, coalescer.prepare(quote(3)))
    coalescer.deliver(a, coalescer.prepare(quote(4)))
    vi.advanceTimersByTime(0)
    // Nothing more comes: no stale entry writes either of them again.
    vi.advanceTimersByTime(500)
    expect(written).toEqual([
      { socket: 'a', messages: [quote(1)] },
      { socket: 'b', messages: [quote(2)] },
      { socket: 'a', messages: [quote(3), quote(4)] },
    ])
  })

  it('sends only what came since its last frame, however many the frame before held', () => {
    const socket = recorder(coalescer)
    const send = (...ns: number[]) => {
      for (const n of ns) coalescer.deliver(socket.outbox, coalescer.prepare(quote(n)))
      vi.advanceTimersByTime(60)
    }
    send(1)
    send(2, 3, 4)
    send(5)
    send(6, 7)
    expect(socket.frames.map((f) => f.messages)).toEqual([
      [quote(1)],
      [quote(2), quote(3), quote(4)],
      [quote(5)],
      [quote(6), quote(7)],
    ])
  })

  it('never writes a socket dropped while it waited', () => {
    const [a, b] = [recorder(coalescer), recorder(coalescer)]
    const message = coalescer.prepare(quote(1))
    coalescer.deliver(a.outbox, message)
    coalescer.deliver(b.outbox, message)
    coalescer.drop(a.outbox)
    vi.advanceTimersByTime(500)
    expect(a.frames).toHaveLength(0)
    expect(b.messages()).toEqual([quote(1)])
  })

  it('still writes a socket whose slot grew while its pass waited for its turn', () => {
    // Written once at 0: due again at 50.
    const early = Array.from({ length: SLICE }, () => recorder(coalescer))
    const send = (sockets: ReturnType<typeof recorder>[], n: number) => {
      const message = coalescer.prepare(quote(n))
      for (const s of sockets) coalescer.deliver(s.outbox, message)
    }
    send(early, 1)
    vi.advanceTimersToNextTimer()
    expect(early.every((s) => s.frames.length === 1)).toBe(true)
    // At 60 one pass takes them and as many new sockets: the new ones first, then the early ones
    // a paced slice later (25 ms: two slices over the 50 ms slot).
    const fresh = Array.from({ length: SLICE }, () => recorder(coalescer))
    vi.advanceTimersByTime(60)
    send([...fresh, ...early], 2)
    vi.advanceTimersToNextTimer()
    expect(fresh.every((s) => s.frames.length === 1)).toBe(true)
    expect(early.every((s) => s.frames.length === 1)).toBe(true)
    // Before the early ones' slice, 2,000 sockets open: their slot grows to 113 ms (due at 113).
    const others = Array.from({ length: 2000 }, () => coalescer.outbox(() => undefined))
    vi.advanceTimersToNextTimer()
    expect(Date.now() - 1_000_000).toBe(85)
    expect(early.every((s) => s.frames.length === 1)).toBe(true)
    // At their own slot they are written: nothing waits for a pass that may never come.
    vi.advanceTimersByTime(28)
    expect(early.every((s) => s.frames.length === 2)).toBe(true)
    expect(early[0]!.frames[1]!.at - early[0]!.frames[0]!.at).toBeGreaterThanOrEqual(
      2256 * SLOT_PER_SOCKET_MS,
    )
    for (const outbox of others) coalescer.drop(outbox)
  })

  it('paces a pass over the slot and keeps the sockets in their phases: a slice at a time, never all at once', () => {
    // 2,000 sockets (a 100 ms slot), each recording when it got each frame and what it held.
    const sockets = Array.from({ length: 2000 }, () => {
      const frames: { at: number; raw: Buffer }[] = []
      const outbox = coalescer.outbox((raw) => frames.push({ at: Date.now(), raw }))
      return { outbox, frames }
    })
    /** Frames written in each 10 ms of the fake clock. */
    const written = () => {
      const per = new Map<number, number>()
      for (const s of sockets)
        for (const f of s.frames) {
          const at = Math.floor(f.at / 10)
          per.set(at, (per.get(at) ?? 0) + 1)
        }
      return per
    }
    // A quote to every idle socket: 16 slices, 6.4 ms apart (two at most in 10 ms), the last
    // within the slot.
    const first = coalescer.prepare(quote(0))
    for (const s of sockets) coalescer.deliver(s.outbox, first)
    vi.advanceTimersByTime(100)
    const times = [...new Set(sockets.map((s) => s.frames[0]!.at))].sort((a, b) => a - b)
    expect(times).toHaveLength(Math.ceil(2000 / SLICE))
    expect(Math.min(...times.slice(1).map((at, k) => at - times[k]!))).toBeGreaterThanOrEqual(6)
    expect(times.at(-1)! - times[0]!).toBeLessThan(100)
    expect(Math.max(...written().values())).toBeLessThanOrEqual(2 * SLICE)
    // Then 200 quotes a second for 2 s: still two slices at most in any 10 ms, each socket a
    // frame every 100 ms at most, and every quote in order.
    let n = 0
    for (let t = 0; t < 2000; t += 5) {
      n += 1
      const message = coalescer.prepare(quote(n))
      for (const s of sockets) coalescer.deliver(s.outbox, message)
      vi.advanceTimersByTime(5)
    }
    vi.advanceTimersByTime(200)
    expect(Math.max(...written().values())).toBeLessThanOrEqual(2 * SLICE)
    for (const s of [sockets[0]!, sockets[1000]!, sockets[1999]!]) {
      const gaps = s.frames.slice(1).map((f, k) => f.at - s.frames[k]!.at)
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100)
      expect(s.frames.length).toBeLessThanOrEqual(2 + 2200 / 100)
      const got = s.frames.flatMap((f) =>
        socketFrameMessages(socketServerFrameSchema.parse(JSON.parse(f.raw.toString()))),
      )
      expect(got.map((m) => ('data' in m ? m.data.n : null))).toEqual(
        Array.from({ length: n + 1 }, (_, k) => k),
      )
    }
  })
})
