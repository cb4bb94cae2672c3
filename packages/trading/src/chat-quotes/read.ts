// One line of desk chat as a reader takes it: what each token is (roles.ts), then the clauses of
// the line and the quotes of each (clauses.ts), or why the line holds none. Pure and synchronous;
// the bond is resolved later against the universe (resolve.ts).
import { readClause, splitClauses, type ClauseText, type SizeText } from './clauses.ts'
import { tokenize } from './lexer.ts'
import { assignRoles, sym, word } from './roles.ts'
import type { QuoteSide } from './types.ts'
import { KIND_WORDS, SIDE_WORDS, type BondKind } from './words.ts'

export type { BondText, ClauseText, QuoteText, SizeText } from './clauses.ts'

/** A line as read. */
export interface LineText {
  /** quote: holds levels; skip: a request, a trade report, a quotation; context: anything else. */
  kind: 'quote' | 'skip' | 'context'
  clauses: ClauseText[]
  settlement: number | null
  sizes: SizeText[]
  /** Side and kind words of a line without levels (a run's heading: "SDL offers:"). */
  sides: QuoteSide[]
  kinds: BondKind[]
  request: boolean
  indicative: boolean
  choice: boolean
}

/** How a line is read. */
export interface ReadOptions {
  /** Read a trade done ("Done 15 cr 6.54 GS 2032 @ 7.0395") as its terms, for a ticket. */
  deals?: boolean
}

/** Read one line. */
export function readLine(line: string, { deals = false }: ReadOptions = {}): LineText {
  const tokens = tokenize(line)
  const { roles, sizes, levels, years, settlement, flags } = assignRoles(tokens)
  const at = (i: number) => tokens[i]
  const quoted = /^\s*>/.test(line)
  const question = tokens.some((t) => sym(t) === '?')
  const hasLevels = levels.size > 0
  const skip = quoted || question || (flags.notQuote && !deals) || (flags.request && !hasLevels)
  const base = {
    settlement,
    request: flags.request,
    indicative: flags.indicative,
    choice: flags.choice,
  }
  if (skip) {
    return { kind: 'skip', clauses: [], sizes: [], sides: [], kinds: [], ...base }
  }
  // A size said for every quote of the line: "25 each", "all 25 cr".
  const eachAt = [...sizes.keys()].find(
    (i) => word(at(i + 1)) === 'each' || word(at(i + 2)) === 'each' || word(at(i - 1)) === 'all',
  )
  const each = eachAt === undefined ? null : sizes.get(eachAt)!
  const clauses = splitClauses(tokens, roles).map((range) =>
    readClause(tokens, roles, range, { levels, sizes, years, choice: flags.choice, each }),
  )
  // A side said once for the clauses after it: "offer 7.18 2033 7.10 and 7.26 2033 7.07".
  for (const [k, clause] of clauses.entries()) {
    const side = clauses[k - 1]?.side
    if (k === 0 || clause.side || !side || clause.sideless.length === 0) continue
    clause.quotes.push(...clause.sideless.map((q) => ({ ...q, side })))
    clause.sideless = []
    clause.side = side
  }
  return {
    kind: hasLevels ? 'quote' : 'context',
    clauses,
    sizes: hasLevels ? [] : [...sizes.values()],
    sides: tokens.flatMap((t, i) => (roles[i] === 'side' ? [SIDE_WORDS.get(word(t) ?? '')!] : [])),
    kinds: tokens.flatMap((t, i) => (roles[i] === 'kind' ? [KIND_WORDS.get(word(t) ?? '')!] : [])),
    ...base,
  }
}
