// The book's pure rules: positions folded from what moved them (average cost: a buy re-weights the
// cost, a sale leaves it), and a position valued at a market yield, the last trade's or the model's
// (the bond's disclosed yield through @bonds/pricing), else at cost, saying which. Money in paise.
import {
  MATURITY_BUCKETS,
  type InventoryPosition,
  type InventoryType,
  type MaturityBucket,
  type ValueSource,
} from '@bonds/domain'
import {
  formatDate,
  prepareBond,
  PricingError,
  roundTo,
  tradeConsideration,
  type BondTerms,
} from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { termsOf } from '../pricing/index.ts'

/** The pricing terms of a bond, or null when it cannot be priced (floating, terms unknown). */
export function termsOrNull(row: FinstrumentRow): BondTerms | null {
  try {
    return termsOf(row)
  } catch (error) {
    if (error instanceof HttpError) return null
    throw error
  }
}

/** A movement of a book: a buy or sale of face value at a clean price, on its settlement date. */
export interface Movement {
  book: string
  finstrumentId: string
  side: 'buy' | 'sell'
  faceValue: number
  cleanPrice: number
  settlementDate: string
  /** Order of entry, for movements settling the same day. */
  seq: number
}

/** A position before it is valued. */
export interface Holding {
  book: string
  finstrumentId: string
  faceValue: number
  /** Weighted cost, clean price per ₹100. */
  cost: number
  /** Face value sold for a settlement still ahead. */
  pendingSales: number
}

/** Fold movements into holdings as of `today` (settled ones only; sales ahead are reserved). */
export function foldHoldings(movements: readonly Movement[], today: string): Holding[] {
  const sorted = [...movements].sort(
    (a, b) => a.settlementDate.localeCompare(b.settlementDate) || a.seq - b.seq,
  )
  const held = new Map<string, Holding>()
  for (const m of sorted) {
    const key = `${m.book}\u0000${m.finstrumentId}`
    const h = held.get(key) ?? {
      book: m.book,
      finstrumentId: m.finstrumentId,
      faceValue: 0,
      cost: 0,
      pendingSales: 0,
    }
    held.set(key, h)
    if (m.settlementDate > today) {
      if (m.side === 'sell') h.pendingSales += m.faceValue
      continue
    }
    if (m.side === 'buy') {
      const face = h.faceValue + m.faceValue
      h.cost = face > 0 ? (h.cost * h.faceValue + m.cleanPrice * m.faceValue) / face : 0
      h.faceValue = face
    } else {
      h.faceValue -= m.faceValue
      if (h.faceValue <= 0) h.cost = 0
    }
  }
  return [...held.values()]
    .filter((h) => h.faceValue !== 0 || h.pendingSales !== 0)
    .map((h) => ({ ...h, cost: roundTo(h.cost, 4) }))
}

/** The book's bond type of a security type (G-sec, SDL, corporate). */
export function inventoryType(securityType: string): InventoryType {
  if (securityType === 'SDL') return 'SDL'
  if (['GSEC', 'TBILL', 'STRIPS', 'GSEC_FRB', 'SGB', 'GOVT_OTHER'].includes(securityType))
    return 'GSEC'
  return 'CORPORATE'
}

/** The residual-maturity bucket of a maturity date. */
export function maturityBucket(maturity: string | null, today: string): MaturityBucket | null {
  if (!maturity) return null
  const years = (Date.parse(maturity) - Date.parse(today)) / (365.25 * 86_400_000)
  const limits = [1, 3, 5, 10]
  const i = limits.findIndex((limit) => years <= limit)
  return MATURITY_BUCKETS[i === -1 ? 4 : i] ?? null
}

/** A yield the market shows for a bond (a live quote or the last trade), as the market module reads it. */
export interface MarketLevel {
  bondYield: number
  at: Date
  source: 'quote' | 'trade'
}

/** Paise as rupees (2 decimals). */
export const rupees = (paise: number) => paise / 100

/** A bond valued per ₹100 at a date: clean price, yield, accrued and dirty prices 1 bp either side. */
interface UnitValue {
  clean: number
  y: number | null
  accruedPer100: number
  dirty: number | null
  up: number | null
  down: number | null
}

/** Unit values already computed (pure in their key): a book re-read values each bond once. */
const unitValues = new Map<string, UnitValue | null>()
/** Most unit values kept; the map starts again past it. */
const MAX_UNIT_VALUES = 50_000

/** A bond per ₹100 at `today`, at a yield, else at a clean price; null when it cannot be priced. */
function unitValue(
  bond: FinstrumentRow,
  terms: BondTerms,
  today: string,
  at: { yield: number } | { clean: number },
): UnitValue | null {
  const key = `${bond.id}|${bond.updatedAt.getTime()}|${today}|${'yield' in at ? `y${at.yield}` : `p${at.clean}`}`
  if (unitValues.has(key)) return unitValues.get(key) ?? null
  let value: UnitValue | null = null
  try {
    const bondAt = prepareBond(terms, today)
    const y = 'yield' in at ? at.yield : at.clean > 0 ? roundTo(bondAt.yieldFor(at.clean), 6) : null
    const clean = 'yield' in at ? roundTo(bondAt.cleanPrice(at.yield), 4) : at.clean
    const dirty = bondAt.dirtyPrice(y ?? 0)
    value = {
      clean,
      y,
      accruedPer100: dirty - bondAt.cleanPrice(y ?? 0),
      dirty: y === null ? null : dirty,
      up: y === null ? null : bondAt.dirtyPrice(y + 0.0001),
      down: y === null ? null : bondAt.dirtyPrice(Math.max(0, y - 0.0001)),
    }
  } catch (error) {
    if (!(error instanceof PricingError)) throw error
  }
  if (unitValues.size >= MAX_UNIT_VALUES) unitValues.clear()
  unitValues.set(key, value)
  return value
}

/** A holding ready to value: its cost (as set by hand, if it was) and the face it has reserved. */
export type ValuedHolding = Holding & { reserved: number; costEdited: boolean }

/** Value one holding at `today`: the market's yield, else the disclosed yield, else its cost. */
export function valueHolding(
  h: ValuedHolding,
  bond: FinstrumentRow,
  level: MarketLevel | undefined,
  today: string,
): InventoryPosition {
  const terms = termsOrNull(bond)
  let source: ValueSource = 'COST'
  let detail = 'At cost: no quote, trade or model yield for this bond'
  let clean = h.cost
  let accruedPer100 = 0
  let y: number | null = null
  let duration: number | null = null
  let pv01: number | null = null
  const face = Math.abs(h.faceValue)
  if (terms) {
    const fromYield = level?.bondYield ?? bond.indicativeYield ?? undefined
    const unit =
      fromYield !== undefined
        ? unitValue(bond, terms, today, { yield: roundTo(fromYield, 6) })
        : unitValue(bond, terms, today, { clean: h.cost })
    if (unit) {
      clean = unit.clean
      y = unit.y
      accruedPer100 = unit.accruedPer100
      if (fromYield !== undefined && y !== null) {
        if (level) {
          source = level.source === 'quote' ? 'LIVE_QUOTE' : 'LAST_TRADE'
          detail = `${level.source === 'quote' ? 'Live quote' : 'Last trade'} at ${(y * 100).toFixed(4)}% (${formatDate(level.at.toISOString().slice(0, 10))})`
        } else {
          source = 'MODEL'
          detail = `Model price (@bonds/pricing) at the disclosed yield of ${(y * 100).toFixed(4)}%${bond.indicativeYieldAsOf ? ` as of ${formatDate(bond.indicativeYieldAsOf)}` : ''}`
        }
      }
      if (unit.dirty !== null && unit.up !== null && unit.down !== null) {
        duration = roundTo((unit.down - unit.up) / (2 * unit.dirty * 0.0001), 4)
        pv01 = roundTo(((unit.down - unit.up) / 2) * (face / 100) * Math.sign(h.faceValue || 1), 2)
      }
    }
  }
  const sign = h.faceValue < 0 ? -1 : 1
  const money = (price: number) =>
    face > 0 && price > 0
      ? tradeConsideration({ faceAmount: face, cleanPrice: price, accruedPer100 })
      : { principal: 0, accruedInterest: 0, consideration: 0 }
  const market = money(clean)
  const cost = money(h.cost)
  return {
    isin: bond.isin,
    finstrument_id: bond.id,
    display_name: bond.displayName,
    issuer: bond.issuer,
    rating: bond.rating,
    type: inventoryType(bond.securityType),
    maturity_date: bond.maturityDate,
    maturity_bucket: maturityBucket(bond.maturityDate, today),
    book: h.book,
    face_value: h.faceValue,
    quantity: bond.faceValue > 0 ? roundTo(h.faceValue / bond.faceValue, 4) : h.faceValue,
    reserved_face_value: h.reserved,
    free_face_value: Math.max(0, h.faceValue - h.reserved),
    cost_clean_price: h.cost,
    cost_edited: h.costEdited,
    market_clean_price: clean,
    accrued: rupees(sign * market.accruedInterest),
    market_value: rupees(sign * market.consideration),
    value_source: source,
    value_source_detail: detail,
    unrealised_pnl: rupees(sign * (market.principal - cost.principal)),
    yield: y,
    modified_duration: duration,
    pv01,
    valued_at: today,
  }
}
