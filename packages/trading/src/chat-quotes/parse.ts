// Desk chat into quotes: each line read (read.ts), the run's headings carried to the lines under
// them, each clause's bond resolved against the universe, and a confidence for each quote. Only
// quotes the parser is sure of are `auto`; the rest wait for a person's confirmation.
import {
  readLine,
  type BondText,
  type LineText,
  type QuoteText,
  type ReadOptions,
  type SizeText,
} from './read.ts'
import { resolveBond, type Resolution } from './resolve.ts'
import type { BondCandidate, BondLookup, BondResolver, ChatQuote, QuoteSide } from './types.ts'
import type { BondKind } from './words.ts'

/** The confidence a quote needs to join the run unasked. */
export const AUTO_CONFIDENCE = 0.9

/** Most lines of one message the parser reads (a pasted run is tens of lines; the API refuses more). */
export const MAX_LINES = 200

const round = (value: number, places: number) => Number(value.toFixed(places))

function cachedLookup(resolver: BondResolver): BondResolver['lookup'] {
  const cache = new Map<string, Promise<readonly BondCandidate[]>>()
  return (query: BondLookup) => {
    const key = JSON.stringify([query.isin, query.couponPercent, query.maturityYear])
    let hit = cache.get(key)
    if (!hit) cache.set(key, (hit = resolver.lookup(query)))
    return hit
  }
}

const hasBond = (b: BondText) => b.isin !== null || b.couponPercent !== null || b.year !== null

/** What a run says once for all its lines ("sizes 10 cr each", "all T+1"), when it says it once. */
function runDefaults(read: LineText[]) {
  const sizes = read.flatMap((l) => (l.kind === 'context' ? l.sizes : []))
  const settlements = new Set(
    read.flatMap((l) => (l.kind === 'context' && l.settlement !== null ? [l.settlement] : [])),
  )
  return {
    size: sizes.length === 1 ? sizes[0]! : null,
    settlement: settlements.size === 1 ? [...settlements][0]! : null,
  }
}

/** Read the quotes in one message or pasted run. */
export async function parseChatQuotes(
  text: string,
  resolver: BondResolver,
  options: ReadOptions = {},
): Promise<ChatQuote[]> {
  const lookup = cachedLookup(resolver)
  const lines = text.split(/\r?\n/).slice(0, MAX_LINES)
  const read = lines.map((line) => readLine(line, options))
  const run = runDefaults(read)
  const quotes: ChatQuote[] = []
  let headingSide: QuoteSide | null = null
  let headingKind: BondKind | null = null
  let pendingBond: BondText | null = null
  for (const [index, line] of read.entries()) {
    if (line.kind === 'skip') continue
    if (line.kind === 'context') {
      const named = line.clauses.find((c) => hasBond(c.bond))
      if (named) pendingBond = named.bond
      else {
        if (new Set(line.sides).size === 1) headingSide = line.sides[0]!
        if (line.kinds.length > 0) headingKind = line.kinds[0]!
      }
      continue
    }
    const at = { line, number: index + 1, source: lines[index]!.trim(), run }
    for (const clause of line.clauses) {
      let bondText = clause.bond
      if (!hasBond(bondText) && pendingBond) bondText = pendingBond
      if (bondText.kind === null && headingKind) bondText = { ...bondText, kind: headingKind }
      const resolution: Resolution = hasBond(bondText)
        ? await resolveBond(bondText, lookup)
        : { bond: null, confidence: 0.4, doubts: ['no bond named'] }
      for (const quote of clause.quotes) quotes.push(finish(quote, resolution, at, 1))
      if (headingSide) {
        for (const quote of clause.sideless) {
          quotes.push(finish({ ...quote, side: headingSide }, resolution, at, 0.97))
        }
      } else if (clause.quotes.length === 0 && hasBond(bondText)) {
        // Two levels and no side word: columns of a run, bid then offer ("7.18 33 | 7.12 | 7.10").
        for (const quote of columnsAsTwoWay(clause.sideless)) {
          quotes.push(finish(quote, resolution, at, 0.92))
        }
      }
    }
  }
  return quotes
}

/** Two sideless levels of one kind as a two-way: the bid is the higher yield or the lower price. */
function columnsAsTwoWay(levels: readonly Omit<QuoteText, 'side'>[]): QuoteText[] {
  const [first, second] = levels
  if (levels.length !== 2 || !first || !second || first.level.kind !== second.level.kind) return []
  const firstIsBid =
    first.level.kind === 'yield'
      ? first.level.value >= second.level.value
      : first.level.value <= second.level.value
  const [bid, ask] = firstIsBid ? [first, second] : [second, first]
  const doubts = [
    'two levels read as bid and offer',
    ...(firstIsBid ? [] : ['bid and offer reversed']),
  ]
  return [
    { ...bid, side: 'BID', doubts },
    { ...ask, side: 'ASK', doubts },
  ]
}

interface Where {
  line: LineText
  number: number
  source: string
  run: { size: SizeText | null; settlement: number | null }
}

function finish(
  quote: QuoteText,
  resolution: Resolution,
  at: Where,
  sideConfidence: number,
): ChatQuote {
  const { bond } = resolution
  const doubts = [...resolution.doubts, ...quote.doubts]
  let confidence = resolution.confidence * sideConfidence
  if (quote.doubts.includes('bid and offer reversed')) confidence *= 0.6
  if (quote.doubts.includes('choice')) confidence *= 0.95
  if (sideConfidence < 1 && !quote.doubts.includes('two levels read as bid and offer')) {
    doubts.push('side from the run’s heading')
  }

  const doubt = (factor: number, why: string) => {
    confidence *= factor
    doubts.push(why)
  }
  const size = quote.size ?? at.run.size
  let quantum: number | null = null
  if (size) {
    if (size.unit !== 'face') quantum = round(size.amount * size.unit, 2)
    else if (bond) quantum = round(size.amount * bond.faceValue, 2)
    else doubt(0.8, 'units of an unknown bond')
    if (size.bare) doubt(0.92, 'size without a unit, read as crores')
    if (!quote.size) confidence *= 0.97
    // "0L", "0 cr": no size at all, and no quote to join a run unasked.
    if (quantum !== null && quantum <= 0) {
      quantum = null
      doubt(0.5, 'size of zero')
    }
  }

  const written = at.line.settlement ?? at.run.settlement
  const settlementDelta = written === 0 || written === 1 ? written : null
  if (written !== null && settlementDelta === null) {
    doubt(0.8, `T+${written} is not a settlement a quote carries here`)
  }

  const { value, kind } = quote.level
  if (!plausible(value, kind, bond)) doubt(0.6, 'level out of range')
  if (at.line.request) doubt(0.7, 'reads like a request')
  if (at.line.indicative) doubt(0.8, 'indicative')
  confidence = round(Math.max(0, Math.min(1, confidence)), 2)
  return {
    isin: bond?.isin ?? null,
    finstrumentId: bond?.id ?? null,
    displayName: bond?.displayName ?? null,
    quoteType: quote.side,
    yield: kind === 'yield' ? round(value / 100, 6) : null,
    price: kind === 'price' ? round(value, 4) : null,
    quantum,
    settlementDelta,
    confidence,
    auto: bond !== null && confidence >= AUTO_CONFIDENCE,
    line: at.number,
    source: at.source,
    doubts,
  }
}

/** A yield or price a bond of this kind trades at. */
function plausible(value: number, kind: 'yield' | 'price', bond: BondCandidate | null): boolean {
  if (kind === 'price') return value >= 50 && value <= 200
  const government = bond && ['GSEC', 'SDL', 'TBILL'].includes(bond.securityType)
  return government ? value >= 3 && value <= 10 : value >= 3 && value <= 16
}
