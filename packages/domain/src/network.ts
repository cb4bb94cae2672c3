// The network's constants (decisions 150–153), apart from its schemas (schemas/network.ts) so
// Build Network's first load takes them without zod (decision 342).
/** The groups participant search shows (spec section 2): a user is a Member, a client a Company. */
export const PARTICIPANT_GROUPS = ['Member', 'Company'] as const
/** A participant group. */
export type ParticipantGroup = (typeof PARTICIPANT_GROUPS)[number]

/** Exchanges a participant search may be narrowed to (RFQ platforms and their clearing corporations). */
export const PARTICIPANT_EXCHANGES = ['NSE', 'BSE', 'NSCCL', 'ICCL'] as const
/** An exchange a search names. */
export type ParticipantExchange = (typeof PARTICIPANT_EXCHANGES)[number]
