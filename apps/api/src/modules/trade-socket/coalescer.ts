// Coalesces the stream messages of each socket: at most one frame per socket every slot. A message
// finding its socket idle for a whole slot goes out on the next turn of the event loop (after the
// answer of the request that made it), as itself; messages arriving sooner wait for the socket's
// next slot and go together as one `{"type":"batch","messages":[…]}` frame, in publish order. One
// timer serves every socket; a pass writes its frames SLICE sockets at a time (decisions 323, 354),
// its slices paced evenly over the slot (decision 375): a socket's slot starts when its slice is
// written, so after one pass the sockets fall into phases, and a slice of them comes due every
// few ms instead of all of them at once: the writing of 2,000 frames (and their reading) is spread
// over the slot, not a burst of ~25 ms that requests wait behind (a message to many idle sockets
// too: past the first slice, they get it within the slot). The slot is the interval
// (50 ms) up to 1,000 sockets and grows with the sockets beyond (2,000: 100 ms), so writing frames
// costs about the same CPU a second whatever their number (decision 354); it widens further while
// writing a pass's frames takes long, so that writing keeps at most a quarter of the event loop
// (up to MAX_SPACING_MS; decision 341): under load each socket gets fewer, larger frames rather
// than the answers to requests waiting behind them.

/** One message as every socket receives it: serialised once, numbered in publish order. */
export interface PreparedMessage {
  /** Publish order within this process. */
  seq: number
  /** The message as UTF-8 JSON. */
  bytes: Buffer
}

/** The send side of one socket. */
export interface Outbox {
  /** Messages waiting for its next frame, in order: the first `queued` (storage kept; 384). */
  queue: PreparedMessage[]
  queued: number
  /** When the socket was last sent a frame of stream messages (coalescer clock). */
  lastFrameAt: number
  /**
   * Idle (nothing queued), waiting for its slot, taken by a pass (its slice still to come), or
   * dropped; read on every delivery to every socket, so a field, not a set lookup.
   */
  state: 'idle' | 'waiting' | 'taken' | 'dropped'
  /** Its latest entry's ticket in the list of waiting sockets (older entries are stale). */
  ticket: number
  /** Write one text frame. */
  send(frame: Buffer): void
}

/** The coalescer of one server. */
export interface Coalescer {
  /** Serialise a message once for all its sockets. */
  prepare(message: unknown): PreparedMessage
  /** A new socket's outbox. */
  outbox(send: (frame: Buffer) => void): Outbox
  /** Send a message to a socket on the next turn, or with the socket's next frame. */
  deliver(outbox: Outbox, message: PreparedMessage): void
  /** Forget a closed socket's waiting messages. */
  drop(outbox: Outbox): void
  /** Stop the timer; waiting messages are dropped. */
  close(): void
}

/**
 * Sockets written at once, before the event loop answers requests again (2,000 sockets: 16 slices
 * of about 1.5 ms each on this machine's cores, one every 6.4 ms of the 100 ms slot).
 */
export const SLICE = 128

/** Each socket's share of the slot, ms: 1,000 sockets fill a 50 ms interval (decision 354). */
export const SLOT_PER_SOCKET_MS = 0.05

/** The widest a socket's slot grows under load, ms. */
export const MAX_SPACING_MS = 200

/** A pass's writing may take this share of a slot at most (the slot widens to keep it so). */
const WRITING_SHARE = 0.25

/** How much of the last passes' writing time the slot follows (a moving average). */
const SMOOTHING = 0.3

/** The longest queue a socket keeps between frames (longer ones were a burst: let them go). */
const KEPT_QUEUE = 256

const BATCH_OPEN = Buffer.from('{"type":"batch","messages":[')
const COMMA = Buffer.from(',')
const BATCH_CLOSE = Buffer.from(']}')

/** What a pass has written so far: its slices' time, ms, and its sockets. */
interface Pass {
  writing: number
  written: number
}

/** One frame carrying a socket's waiting messages: the message itself when it is alone. */
function frameOf(queue: readonly PreparedMessage[], count: number): Buffer {
  if (count === 1) return queue[0]!.bytes
  const parts: Buffer[] = [BATCH_OPEN]
  for (let i = 0; i < count; i += 1) {
    if (i > 0) parts.push(COMMA)
    parts.push(queue[i]!.bytes)
  }
  parts.push(BATCH_CLOSE)
  return Buffer.concat(parts)
}

/**
 * A coalescer sending at most one frame per socket every `intervalMs` (0: every message at once),
 * or every wider slot while writing frames is slow. `clock` (the slots) and `busyClock` (how long
 * writing takes) are injectable for tests.
 */
export function createCoalescer(
  intervalMs: number,
  clock: () => number = Date.now,
  busyClock: () => number = () => performance.now(),
): Coalescer {
  let seq = 0
  /** The slot now: `intervalMs`, or wider for many sockets or while writing frames is slow. */
  let spacing = intervalMs
  /**
   * Writing time of a slot (every open socket written once), a moving average, ms (real time,
   * whatever `clock` is).
   */
  let writing = 0
  /** The open sockets' outboxes (the slot grows with their number). */
  const open = new Set<Outbox>()
  const respace = () => {
    if (intervalMs === 0) return
    const base = Math.max(intervalMs, open.size * SLOT_PER_SOCKET_MS)
    spacing = Math.min(MAX_SPACING_MS, Math.max(base, writing / WRITING_SHARE))
  }

  /**
   * Sockets with messages waiting (taken by a pass or not), in the order they began to wait, each
   * entry with its ticket; an entry is stale once its socket is idle, dropped or listed again, and
   * the next pass sweeps it out. Lists kept in place: a Set rehashed as 2,000 sockets joined and
   * left it every slot, its tables promoted into the old generation (decision 384).
   */
  const waiting: Outbox[] = []
  const tickets: number[] = []
  let ticket = 0
  let timer: NodeJS.Timeout | null = null
  let timerAt = Number.POSITIVE_INFINITY
  let closed = false

  const schedule = (at: number) => {
    if (timer && timerAt <= at) return
    if (timer) clearTimeout(timer)
    timerAt = at
    timer = setTimeout(flushDue, Math.max(0, at - clock()))
    timer.unref()
  }

  function flushDue() {
    timer = null
    timerAt = Number.POSITIVE_INFINITY
    const now = clock()
    const due: Outbox[] = []
    let next = Number.POSITIVE_INFINITY
    let kept = 0
    for (let i = 0; i < waiting.length; i += 1) {
      const outbox = waiting[i]!
      const stale = outbox.state === 'idle' || outbox.state === 'dropped'
      if (stale || tickets[i] !== outbox.ticket) continue
      waiting[kept] = outbox
      tickets[kept] = outbox.ticket
      kept += 1
      if (outbox.state === 'taken') continue
      const at = outbox.lastFrameAt + spacing
      if (at > now) next = Math.min(next, at)
      else due.push(outbox)
    }
    waiting.length = kept
    tickets.length = kept
    if (next !== Number.POSITIVE_INFINITY) schedule(next)
    if (due.length === 0) return
    for (const outbox of due) outbox.state = 'taken'
    // Sockets that got the same run of messages (the usual case: events for everyone) share one
    // frame, built once per pass (found by the run's first and last message, no key built).
    write(due, 0, new Map(), { writing: 0, written: 0 })
  }

  /**
   * A pass is written: the slot follows how long writing took, scaled to a whole slot's sockets
   * (a paced pass is often one slice of them), each pass weighing as much as its share of them.
   */
  function passWritten({ writing: ms, written }: Pass) {
    if (written === 0) return
    const share = Math.min(1, written / Math.max(1, open.size))
    const slot = ms / share
    writing = writing === 0 ? slot : writing * (1 - SMOOTHING * share) + slot * SMOOTHING * share
    respace()
  }

  /**
   * Write the frames of `due` from `from` on, a slice now and the rest paced over the slot (a
   * slice every `spacing × SLICE / sockets` ms: all of them within one slot); `pass` adds up the
   * time its slices took and the sockets they wrote.
   */
  function write(
    due: Outbox[],
    from: number,
    shared: Map<number, Map<number, Buffer>>,
    pass: Pass,
  ) {
    if (closed) return
    const started = busyClock()
    const now = clock()
    const end = Math.min(due.length, from + SLICE)
    for (let i = from; i < end; i += 1) {
      const outbox = due[i]!
      // Closed meanwhile.
      if (outbox.state !== 'taken') continue
      // Its slot grew while the slice waited for its turn (more sockets, slower writing): what it
      // holds goes at its own next slot, which needs a timer (no other pass may come).
      const slot = outbox.lastFrameAt + spacing
      if (slot > now) {
        outbox.state = 'waiting'
        schedule(slot)
        continue
      }
      outbox.state = 'idle'
      const { queue, queued } = outbox
      // Its slot starts now: the sockets of this slice keep their phase in the next passes.
      outbox.lastFrameAt = now
      const first = queue[0]!.seq
      const last = queue[queued - 1]!.seq
      if (last - first === queued - 1) {
        let runs = shared.get(first)
        if (!runs) shared.set(first, (runs = new Map()))
        let frame = runs.get(last)
        if (!frame) runs.set(last, (frame = frameOf(queue, queued)))
        outbox.send(frame)
      } else {
        outbox.send(frameOf(queue, queued))
      }
      pass.written += 1
      // Emptied by its count (the frame holds copies), its storage kept unless a burst grew it.
      outbox.queued = 0
      if (queue.length > KEPT_QUEUE) outbox.queue = []
    }
    pass.writing += busyClock() - started
    if (end < due.length) {
      const pace = (spacing * SLICE) / Math.max(open.size, due.length)
      const rest = setTimeout(
        () => write(due, end, shared, pass),
        Math.max(0, now + pace - clock()),
      )
      rest.unref()
    } else {
      passWritten(pass)
    }
  }

  return {
    prepare(message) {
      seq += 1
      return { seq, bytes: Buffer.from(JSON.stringify(message)) }
    },
    outbox(send) {
      const outbox: Outbox = {
        queue: [],
        queued: 0,
        lastFrameAt: Number.NEGATIVE_INFINITY,
        state: 'idle',
        ticket: 0,
        send,
      }
      open.add(outbox)
      respace()
      return outbox
    },
    deliver(outbox, message) {
      if (outbox.state === 'dropped') return
      if (intervalMs === 0) {
        outbox.send(message.bytes)
        return
      }
      outbox.queue[outbox.queued] = message
      outbox.queued += 1
      if (outbox.state === 'idle') {
        outbox.state = 'waiting'
        ticket += 1
        outbox.ticket = ticket
        waiting.push(outbox)
        tickets.push(ticket)
        // An idle socket's slot is now: the next turn, never inside the publisher's call.
        schedule(Math.max(outbox.lastFrameAt + spacing, clock()))
      }
    },
    drop(outbox) {
      outbox.state = 'dropped'
      outbox.queue = []
      outbox.queued = 0
      if (open.delete(outbox)) respace()
    },
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      for (const outbox of waiting) outbox.state = 'dropped'
      waiting.length = 0
      tickets.length = 0
      open.clear()
    },
  }
}
