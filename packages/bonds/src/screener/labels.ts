// Words the screener shows for categories, values and operators. Pure.
import {
  DATE_OPERATORS,
  FILTER_OPERATORS,
  securityTypeLabel,
  type FilterCategory,
  type FilterOperator,
  type ScreenFilter,
} from '@bonds/domain'
import { formatDate } from '@bonds/ui-kit'

/** Label of each filter category (spec section 3's category list). */
export const CATEGORY_LABELS: Readonly<Record<FilterCategory, string>> = {
  bondCategory: 'Category',
  securityType: 'Security type',
  creditRating: 'Credit rating',
  timeToMaturity: 'Time to maturity',
  bondSecurity: 'Bond security',
}

/** How a category value reads (security types by name, as the security page names them). */
export function valueLabel(category: FilterCategory, value: string): string {
  return category === 'securityType' ? securityTypeLabel(value) : value
}

/** An operator in the spec's words with its sign: "less or equal (≤)". */
export const OPERATOR_LABELS: Readonly<Record<FilterOperator, string>> = {
  equals: `${FILTER_OPERATORS.equals} (=)`,
  lt: `${FILTER_OPERATORS.lt} (<)`,
  lte: `${FILTER_OPERATORS.lte} (≤)`,
  gt: `${FILTER_OPERATORS.gt} (>)`,
  gte: `${FILTER_OPERATORS.gte} (≥)`,
  dateIs: FILTER_OPERATORS.dateIs,
  after: FILTER_OPERATORS.after,
  before: FILTER_OPERATORS.before,
}

/** What a filter with an operator compares: a rating grade, years to maturity, or the maturity date. */
export type ConditionKind = 'rating' | 'years' | 'date'

/** Label of each condition kind. */
export const CONDITION_LABELS: Readonly<Record<ConditionKind, string>> = {
  rating: 'Credit rating',
  years: 'Years to maturity',
  date: 'Maturity date',
}

/** The kind of a filter with an operator other than equals. */
export function conditionKind(filter: Pick<ScreenFilter, 'category' | 'operator'>): ConditionKind {
  if (filter.category === 'creditRating') return 'rating'
  return (DATE_OPERATORS as readonly FilterOperator[]).includes(filter.operator) ? 'date' : 'years'
}

/** A filter as a sentence in the spec's words: "Credit rating greater or equal AA". */
export function filterText(filter: ScreenFilter): string {
  const kind = conditionKind(filter)
  const value =
    kind === 'date'
      ? formatDate(String(filter.value))
      : kind === 'years'
        ? `${filter.value} ${filter.value === 1 ? 'year' : 'years'}`
        : String(filter.value)
  return `${CONDITION_LABELS[kind]} ${FILTER_OPERATORS[filter.operator]} ${value}`
}
