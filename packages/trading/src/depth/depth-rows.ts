// The ladder's rows, and which cells moved since the last answer (pure, so it is tested alone).
import type { DepthLevel, MarketDepth } from '@bonds/domain'

/** Which way a streamed value moved: its cell flashes, with an arrow as well as a colour. */
export type Move = 'up' | 'down'

/** One row of the ladder: the bid and the ask at the same depth (either may be missing). */
export interface LadderRow {
  index: number
  bid: DepthLevel | null
  ask: DepthLevel | null
  /** Moves of this row's quanta since the previous answer. */
  bidMove: Move | null
  askMove: Move | null
}

const key = (level: DepthLevel) => `${level.unit_clean_price}|${level.settlement_date}`

function moveOf(level: DepthLevel | null, before: Map<string, DepthLevel> | null): Move | null {
  if (!level || !before) return null
  const previous = before.get(key(level))
  if (!previous) return 'up'
  if (level.quantum > previous.quantum) return 'up'
  if (level.quantum < previous.quantum) return 'down'
  return null
}

/**
 * The rows of a depth answer, best first on both sides; a level that is new, or whose size grew
 * or shrank since `previous`, moved (none on the first answer).
 */
export function ladderRows(depth: MarketDepth, previous: MarketDepth | null): LadderRow[] {
  const before = (levels: DepthLevel[] | undefined) =>
    levels ? new Map(levels.map((level) => [key(level), level])) : null
  const bidsBefore = previous ? before(previous.bids) : null
  const asksBefore = previous ? before(previous.asks) : null
  const count = Math.max(depth.bids.length, depth.asks.length)
  return Array.from({ length: count }, (_, index) => {
    const bid = depth.bids[index] ?? null
    const ask = depth.asks[index] ?? null
    return {
      index,
      bid,
      ask,
      bidMove: moveOf(bid, bidsBefore),
      askMove: moveOf(ask, asksBefore),
    }
  })
}

/** The best bid and ask in words, for assistive technology (announced politely, not per tick). */
export function depthSummary(
  depth: MarketDepth,
  format: {
    yield: (f: number) => string
    price: (p: number) => string
    quantum: (q: number) => string
  },
): string {
  const side = (label: string, level: DepthLevel | undefined) =>
    level
      ? `${label} ${level.bond_yield === null ? `price ${format.price(level.unit_clean_price)}` : format.yield(level.bond_yield)} for ${format.quantum(level.quantum)}`
      : `no ${label.toLowerCase()}`
  return `${depth.display_name}: ${side('Best bid', depth.bids[0])}; ${side('Best offer', depth.asks[0])}.`
}
