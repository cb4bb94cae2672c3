// The public runs grid's rows as pure functions: sorted by a column (bond, best bid, best offer),
// and what each line's best levels did since the grid last showed them (to flash the cells that
// moved, up or down), as the RFQ quotes grid remembers its quotes (decision 311).
import type { PublicRun } from '@bonds/domain'
import { compareKeys, type ColumnSort } from '../shared-sort.ts'

/** The grid's sortable columns. */
export type PublicRunColumn = 'bond' | 'bid' | 'ask'

/** A sort of the runs. */
export type PublicRunSort = ColumnSort<PublicRunColumn>

const KEY: Record<PublicRunColumn, (run: PublicRun) => string | number | null> = {
  bond: (run) => run.display_name,
  bid: (run) => run.bid?.unit_price_stored ?? null,
  ask: (run) => run.ask?.unit_price_stored ?? null,
}

/** The runs sorted by a column (a side without a level last either way; ties by bond name, ISIN). */
export function sortPublicRuns(runs: readonly PublicRun[], sort: PublicRunSort): PublicRun[] {
  const key = KEY[sort.column]
  return runs
    .map((run) => ({ run, key: key(run) }))
    .sort(
      (a, b) =>
        compareKeys(a.key, b.key, sort.direction) ||
        compareKeys(a.run.display_name, b.run.display_name, 'asc') ||
        compareKeys(a.run.isin, b.run.isin, 'asc'),
    )
    .map(({ run }) => run)
}

/** A side's move: its price, else (same price) its size, went up or down. */
export type LevelMove = 'up' | 'down'

/** The moved sides of one line, and which of two alternating flashes plays them. */
export interface RunMoves {
  bid?: LevelMove
  ask?: LevelMove
  tick: 0 | 1
}

const STILL: RunMoves = Object.freeze({ tick: 0 as const })

function levelMove(old: PublicRun['bid'], now: PublicRun['bid']): LevelMove | undefined {
  if (!old || !now) return undefined
  if (old.unit_price_stored !== now.unit_price_stored) {
    return now.unit_price_stored > old.unit_price_stored ? 'up' : 'down'
  }
  if (old.quantum !== now.quantum) return now.quantum > old.quantum ? 'up' : 'down'
  return undefined
}

const sameLevel = (a: PublicRun['bid'], b: PublicRun['bid']) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.unit_price_stored === b.unit_price_stored &&
    a.quantum === b.quantum &&
    a.yield_stored === b.yield_stored)

/**
 * What a grid remembers of the lines it showed: each bond's last line and the sides that moved
 * into it. A line keeps its moves until its levels change again (a refetch with the same levels,
 * or a re-render, never restarts a flash); each change flips `tick`, so the flash plays again on
 * the same element.
 */
export class RunMemory {
  private seen = new Map<string, { run: PublicRun; moves: RunMoves }>()

  /** The moved sides of a line as shown now. */
  moves(run: PublicRun): RunMoves {
    const before = this.seen.get(run.finstrument_id)
    if (before && sameLevel(before.run.bid, run.bid) && sameLevel(before.run.ask, run.ask)) {
      return before.moves
    }
    const moves: RunMoves = before
      ? {
          ...withMove('bid', levelMove(before.run.bid, run.bid)),
          ...withMove('ask', levelMove(before.run.ask, run.ask)),
          tick: before.moves.tick === 0 ? 1 : 0,
        }
      : STILL
    this.seen.set(run.finstrument_id, { run, moves })
    return moves
  }
}

const withMove = (side: 'bid' | 'ask', move: LevelMove | undefined) =>
  move ? { [side]: move } : {}
