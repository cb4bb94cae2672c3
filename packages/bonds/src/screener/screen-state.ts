// A screen (selected values, filters with operators, sort) and its place in the URL, so a screen
// can be shared and reloaded. Pure.
//
//   ?bondCategory=Government&bondCategory=PSU   equals: any of the values (repeat the key)
//   &creditRating.gte=AA                          a filter: category.operator=value
//   &timeToMaturity.lt=5&timeToMaturity.after=2030-03-31
//   &sort=yield&order=desc                        left out for the default (maturity, soonest first)
import {
  FILTER_CATEGORIES,
  FILTER_OPERATORS,
  SCREEN_SORT_FIELDS,
  screenFilterSchema,
  type FilterCategory,
  type FilterOperator,
  type ScreenFilter,
  type ScreenSort,
  type ScreenSortField,
} from '@bonds/domain'
import type { CategoriesRequest, ScreenQuery } from '../api/screen.ts'

/** A screen: values per category (equals), filters with other operators, and the sort. */
export interface ScreenState {
  values: Partial<Record<FilterCategory, readonly string[]>>
  filters: readonly ScreenFilter[]
  sort: ScreenSort
}

/** The sort of a screen that names none: maturity, soonest first. */
export const DEFAULT_SORT: ScreenSort = { field: 'maturity', direction: 'asc' }

/** The direction a column sorts in when first chosen: yields and coupons highest first. */
export const FIRST_DIRECTION: Readonly<Record<ScreenSortField, 'asc' | 'desc'>> = {
  name: 'asc',
  maturity: 'asc',
  yield: 'desc',
  coupon: 'desc',
}

/** A screen with nothing chosen. */
export const EMPTY_SCREEN: ScreenState = { values: {}, filters: [], sort: DEFAULT_SORT }

/** Most values one category keeps from a URL (the server takes 50). */
const MAX_VALUES = 50
/** Most filters a URL keeps (the server takes 20). */
const MAX_FILTERS = 20

const OPERATORS = Object.keys(FILTER_OPERATORS) as FilterOperator[]
const CATEGORY_SET: ReadonlySet<string> = new Set(FILTER_CATEGORIES)
const KEYS: ReadonlySet<string> = new Set([
  ...FILTER_CATEGORIES,
  ...FILTER_CATEGORIES.flatMap((c) => OPERATORS.map((o) => `${c}.${o}`)),
  'sort',
  'order',
])

function parseFilter(category: FilterCategory, operator: FilterOperator, raw: string) {
  const years = category === 'timeToMaturity' && !['dateIs', 'after', 'before'].includes(operator)
  const value = years && raw.trim() !== '' ? Number(raw) : raw
  const parsed = screenFilterSchema.safeParse({ category, operator, value })
  return parsed.success ? parsed.data : null
}

/** The screen a URL's search params describe; what does not parse is left out. */
export function readScreen(params: URLSearchParams): ScreenState {
  const values: Partial<Record<FilterCategory, string[]>> = {}
  const filters: ScreenFilter[] = []
  for (const [key, raw] of params) {
    const [category, operator, extra] = key.split('.')
    if (!category || !CATEGORY_SET.has(category) || extra !== undefined) continue
    const c = category as FilterCategory
    if (operator === undefined || operator === 'equals') {
      const value = raw.trim()
      const list = (values[c] ??= [])
      if (value !== '' && value.length <= 100 && list.length < MAX_VALUES && !list.includes(value))
        list.push(value)
      continue
    }
    if (!OPERATORS.includes(operator as FilterOperator) || filters.length >= MAX_FILTERS) continue
    const filter = parseFilter(c, operator as FilterOperator, raw)
    if (filter && !filters.some((f) => sameFilter(f, filter))) filters.push(filter)
  }
  for (const category of FILTER_CATEGORIES)
    if (values[category]?.length === 0) delete values[category]
  const field = params.get('sort')
  const order = params.get('order')
  const sort: ScreenSort = SCREEN_SORT_FIELDS.includes(field as ScreenSortField)
    ? {
        field: field as ScreenSortField,
        direction:
          order === 'asc' || order === 'desc' ? order : FIRST_DIRECTION[field as ScreenSortField],
      }
    : DEFAULT_SORT
  return { values, filters, sort }
}

/**
 * The search params of a screen, in a fixed order (categories, filters, sort); params of `base`
 * that are not the screen's (a campaign tag, say) are kept.
 */
export function writeScreen(state: ScreenState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of base ?? []) if (!KEYS.has(key)) params.append(key, value)
  for (const category of FILTER_CATEGORIES) {
    for (const value of state.values[category] ?? []) params.append(category, value)
  }
  for (const filter of state.filters) {
    params.append(`${filter.category}.${filter.operator}`, String(filter.value))
  }
  if (!sameSort(state.sort, DEFAULT_SORT)) {
    params.set('sort', state.sort.field)
    params.set('order', state.sort.direction)
  }
  return params
}

/** Whether two filters say the same thing. */
export function sameFilter(a: ScreenFilter, b: ScreenFilter): boolean {
  return a.category === b.category && a.operator === b.operator && a.value === b.value
}

/** Whether two sorts are the same. */
export function sameSort(a: ScreenSort, b: ScreenSort): boolean {
  return a.field === b.field && a.direction === b.direction
}

/** Whether the screen narrows nothing (its sort aside). */
export function isUnfiltered(state: ScreenState): boolean {
  return state.filters.length === 0 && Object.values(state.values).every((v) => !v?.length)
}

function categoryValues(state: ScreenState): Partial<Record<FilterCategory, string[]>> {
  const values: Partial<Record<FilterCategory, string[]>> = {}
  for (const category of FILTER_CATEGORIES) {
    const list = state.values[category]
    if (list?.length) values[category] = [...list]
  }
  return values
}

/** What the list is asked for a screen, less the page: the cache key of the screen's pages. */
export function screenQuery(state: ScreenState): ScreenQuery {
  return {
    category_values: categoryValues(state),
    instrument_type: 'Bond',
    filters: [...state.filters],
    sort: state.sort,
  }
}

/** The body asking for every category's values under the screen. */
export function categoriesRequest(state: ScreenState): CategoriesRequest {
  return {
    category_list: [...FILTER_CATEGORIES],
    category_values: categoryValues(state),
    instrument_type: 'Bond',
    filters: [...state.filters],
  }
}
