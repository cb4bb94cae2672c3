// The engine's shapes: a bond as the analyst reads it (the server's stored record fits it), the
// typed result of an answer, and the answer itself.

/** One bond of the universe as the analyst reads it (the finstruments record has these fields). */
export interface AnalystBond {
  id: string
  isin: string
  displayName: string
  issuer: string
  securityType: string
  category: string
  /** Fraction (0.0654); null when unknown. */
  couponRate: number | null
  frequency: number | null
  convention: string | null
  maturityDate: string | null
  maturityYear: number | null
  rating: string | null
  state: string | null
  isFloatingRate: boolean
  canBePriced: boolean
  calls: { date: string; price: number }[]
  puts: { date: string; price: number }[]
  /** Last disclosed yield (fraction) and its date; null when no source gives one. */
  indicativeYield: number | null
  indicativeYieldAsOf: string | null
}

/** What the data port gives the engine: the universe and today's date in India. */
export interface AnalystData {
  bonds: readonly AnalystBond[]
  /** YYYY-MM-DD: what "active", "matured" and the default settlement count from. */
  today: string
}

/** The kinds of typed result (issue 23). */
export const RESULT_KINDS = ['bond', 'bonds', 'count', 'number', 'date', 'declined'] as const
/** One kind of typed result. */
export type ResultKind = (typeof RESULT_KINDS)[number]
/** Units of a number result. */
export type ResultUnit = '%' | 'bp' | '₹ per 100'

/** The typed result the page shows first: an ISIN, ISINs, a number or an ISO date. */
export interface AnalystResult {
  kind: ResultKind
  value: string | string[] | number | null
  unit?: ResultUnit
}

/** A bond an answer names, linked to /security/{id}. */
export interface AnswerBond {
  id: string
  isin: string
  name: string
}

/** A table of an answer (the page offers it as CSV). */
export interface AnswerTable {
  columns: string[]
  rows: (string | number | null)[][]
}

/** A curve of an answer: one point per bond, x in years to maturity. */
export interface AnswerChart {
  title: string
  yLabel: string
  points: { x: number; y: number; id: string; name: string }[]
}

/** An answer: the typed result first, then the markdown text with how it was found. */
export interface Answer {
  result: AnalystResult
  /** Markdown: the figure first, then how it was found, bonds linked to /security/{id}. */
  text: string
  bonds: AnswerBond[]
  /** How the answer was found, one line a step (the tools called and what they did). */
  steps: string[]
  table?: AnswerTable
  chart?: AnswerChart
}
