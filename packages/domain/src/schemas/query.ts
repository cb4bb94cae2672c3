// Pieces the dart workspace's query and body schemas share: objects that refuse fields they do
// not know (naming them), the 3-character search of spec section 5, true/false flags, ids.
import { z } from './runtime.ts'
import { MIN_SEARCH_LENGTH } from '../constants.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'

/** Messages of the shared query rules (chosen: the spec shows none; decision 150). */
export const QUERY_MESSAGES = {
  searchTooShort: `Type at least ${MIN_SEARCH_LENGTH} characters to search`,
  searchTooLong: 'Search is at most 100 characters',
  controlCharacters: 'Should not contain control characters',
  flag: 'Should be true or false',
  limitRange: 'Limit is between 1 and 50',
  pageStart: 'Page starts at 1',
  pageTooLarge: 'Page is at most 10000',
  pageSizeRange: 'Page size is between 1 and 100',
} as const

/** The message for fields an object does not know: `Unknown field: serch`. */
export function unknownFieldsMessage(keys: readonly string[]): string {
  return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`
}

/** An object that refuses unknown fields with a 400 naming them (the house rule). */
export function strictShape<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : undefined,
  })
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

/** Whether text holds control characters (a NUL, a newline…), which no name or search needs. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value)
}

/** Text without control characters, trimmed, of at most `max` characters. */
export function plainText(max: number, tooLong: string) {
  return z
    .string({ error: 'Should be text' })
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), QUERY_MESSAGES.controlCharacters)
}

/**
 * A directory search (`search_param`): empty means no search; otherwise at least
 * `MIN_SEARCH_LENGTH` characters (spec section 5), at most 100.
 */
export const searchParamField = plainText(100, QUERY_MESSAGES.searchTooLong)
  .refine((value) => value === '' || value.length >= MIN_SEARCH_LENGTH, {
    message: QUERY_MESSAGES.searchTooShort,
  })
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** Longest bond id a list of them may hold. */
const BOND_ID_MAX_LENGTH = 40

/**
 * Bond ids separated by commas (repeats dropped), at most `max` of them: a read of just these
 * bonds' lines (the inventory's positions, the public runs). Answers the list of ids.
 */
export function bondIdListField(max: number, messages: { separated: string; tooMany: string }) {
  return z
    .string()
    .trim()
    .min(1, messages.separated)
    .max(max * (BOND_ID_MAX_LENGTH + 1), messages.tooMany)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined
      const ids = [...new Set(value.split(',').map((id) => id.trim()))]
      if (ids.some((id) => id.length === 0 || id.length > BOND_ID_MAX_LENGTH)) {
        ctx.addIssue({ code: 'custom', message: messages.separated })
        return z.NEVER
      }
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: messages.tooMany })
        return z.NEVER
      }
      return ids
    })
}

/** A filter over one's own list (`search`): any 1–100 characters; empty means none. */
export const listFilterField = plainText(100, QUERY_MESSAGES.searchTooLong)
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** A query flag: `true` or `false`. */
export const queryFlag = z
  .enum(['true', 'false'], { error: QUERY_MESSAGES.flag })
  .transform((value) => value === 'true')

/** Most results a directory search gives per group (Member, Company). */
export const SEARCH_MAX_LIMIT = 50
/** Results per group unless asked for fewer or more. */
export const SEARCH_DEFAULT_LIMIT = 20

/** How many results per group a search returns (1–50, default 20). */
export const searchLimitField = z.coerce
  .number({ error: M.shouldBeNumber })
  .int(M.shouldBeNumber)
  .min(1, QUERY_MESSAGES.limitRange)
  .max(SEARCH_MAX_LIMIT, QUERY_MESSAGES.limitRange)
  .default(SEARCH_DEFAULT_LIMIT)

/** Largest page of the network list. */
export const NETWORK_MAX_PAGE_SIZE = 100

/** A page number (from 1). */
export const pageField = z.coerce
  .number({ error: M.shouldBeNumber })
  .int(M.shouldBeNumber)
  .min(1, QUERY_MESSAGES.pageStart)
  .max(10_000, QUERY_MESSAGES.pageTooLarge)
  .default(1)

/** A page size (1–100, default 20). */
export const pageSizeField = z.coerce
  .number({ error: M.shouldBeNumber })
  .int(M.shouldBeNumber)
  .min(1, QUERY_MESSAGES.pageSizeRange)
  .max(NETWORK_MAX_PAGE_SIZE, QUERY_MESSAGES.pageSizeRange)
  .default(20)

/** A path's id of a client, user or record (an unknown or malformed one is a 404, not a 400). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) })
