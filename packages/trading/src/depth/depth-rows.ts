// The ladder's rows, and which cells moved since the last answer (pure, so it is tested alone).
import type { DepthLevel, MarketDepth } from '@bonds/domain'

/** Which way a level's size moved since the last answer: grew, shrank, or the level is new. */
export type Move = 'up' | 'down' | 'new'

/**
 * A level's size change since the last answer: its cell flashes, and says the change (an arrow
 * only with a size it moved from, never colour alone).
 */
export interface SizeChange {
  move: Move
  /** The size before, in rupees (null for a new level). */
  from: number | null
  /** The size now, in rupees. */
  to: number
}

/** One row of the ladder: the bid and the ask at the same depth (either may be missing). */
export interface LadderRow {
  index: number
  bid: DepthLevel | null
  ask: DepthLevel | null
  /** Changes of this row's sizes since the previous answer (null: unchanged, or no previous). */
  bidChange: SizeChange | null
  askChange: SizeChange | null
}

const key = (level: DepthLevel) => `${level.unit_clean_price}|${level.settlement_date}`

function changeOf(
  level: DepthLevel | null,
  before: Map<string, DepthLevel> | null,
): SizeChange | null {
  if (!level || !before) return null
  const to = level.quantum
  const previous = before.get(key(level))
  if (!previous) return { move: 'new', from: null, to }
  if (to === previous.quantum) return null
  // Stryker disable next-line EqualityOperator: equal sizes returned above, so `>=` reads the same
  return { move: to > previous.quantum ? 'up' : 'down', from: previous.quantum, to }
}

/**
 * The rows of a depth answer, best first on both sides; a level that is new, or whose size grew
 * or shrank since `previous`, changed (none on the first answer).
 */
export function ladderRows(depth: MarketDepth, previous: MarketDepth | null): LadderRow[] {
  const before = (levels: DepthLevel[]) => new Map(levels.map((level) => [key(level), level]))
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
      bidChange: changeOf(bid, bidsBefore),
      askChange: changeOf(ask, asksBefore),
    }
  })
}

/**
 * What a size change says to assistive technology, with the formatter of sizes: "up ₹2 cr from
 * ₹5 cr", "down …", or "new level".
 */
export function changeLabel(change: SizeChange, quantum: (q: number) => string): string {
  if (change.from === null) return 'new level'
  const by = quantum(Math.abs(change.to - change.from))
  return `${change.move} ${by} from ${quantum(change.from)}`
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
