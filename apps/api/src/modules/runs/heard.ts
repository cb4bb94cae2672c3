// What this instance's bus brought and the run has read (decision 406): for each user, the event
// numbers heard one after another, so the sweep moves a cursor past them without reading them back
// from the store. A gap (a lost bus message) starts a new stretch: the sweep reads from the cursor.

/** Event numbers heard on the bus, per user. */
export interface Heard {
  /** These events were read into the runs (call only once their messages were ingested). */
  heard: (items: readonly { userId: string; seq: number }[]) => void
  /** The last number heard without a gap after `cursor` (`cursor` when there is none). */
  through: (userId: string, cursor: number) => number
}

/** A tracker of the stretch of numbers heard last, per user. */
export function heardTracker(): Heard {
  const stretches = new Map<string, { from: number; to: number }>()
  return {
    heard: (items) => {
      for (const { userId, seq } of items) {
        const stretch = stretches.get(userId)
        if (!stretch || seq > stretch.to + 1) stretches.set(userId, { from: seq, to: seq })
        else if (seq === stretch.to + 1) stretch.to = seq
        else if (seq === stretch.from - 1) stretch.from = seq
        // Within the stretch: heard before. Older than it: a straggler, the newer stretch stays.
      }
    },
    through: (userId, cursor) => {
      const stretch = stretches.get(userId)
      return stretch && stretch.from <= cursor + 1 && stretch.to > cursor ? stretch.to : cursor
    },
  }
}
