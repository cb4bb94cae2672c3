/** Desk chat into quotes (pure): `parseChatQuotes(text, resolver)` and its contract. */
export { AUTO_CONFIDENCE, MAX_LINES, parseChatQuotes } from './parse.ts'
export type { ReadOptions } from './read.ts'
/** A resolver over bonds in memory (tests, the bench); the server injects a database one. */
export { memoryResolver } from './memory-resolver.ts'
/** Whether a bond has the coupon and maturity year a lookup asks for (for resolvers). */
export { matchesLookup } from './resolve.ts'
export type { BondCandidate, BondLookup, BondResolver, ChatQuote, QuoteSide } from './types.ts'
