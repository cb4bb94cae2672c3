// An RFQ to several firms as a desk enters it, into `POST api/venue/rfq/` (decisions 329, 358):
// the exchange (one of the firm's rfq_exchanges), the bond, the side, a yield in percent or a
// clean price (one, never both), the quantum in crores, T+0 or T+1, and 1 to 10 firms. Checked
// with the domain's schema, so the form shows the server's messages before it sends anything.
import {
  fieldErrors,
  PRIVATE_RUN_MESSAGES as PM,
  VENUE_MAX_RESPONDERS,
  venueRfqCreateSchema,
  type FixedField,
  type QuoteType,
  type RfqExchange,
  type VenueRfqCreate,
} from '@bonds/domain'
import { croresToRupees, percentToFraction, typedNumber } from '../quote-form/quote-payload.ts'

/** An RFQ as the form holds it. */
export interface RfqDraft {
  exchange: RfqExchange | null
  finstrumentId: string | null
  /** The initiator's side: BID buys, ASK sells. */
  side: QuoteType
  fixedField: FixedField
  /** Yield in percent or clean price per ₹100, as typed; null when empty. */
  level: number | string | null
  /** Crores of face value, as typed; null when empty. */
  crores: number | string | null
  /** T+0 or T+1. */
  settlement: '0' | '1'
  /** The firms asked (client ids). */
  counterparties: string[]
}

/** An empty draft on the firm's first exchange: a bid, by yield, T+1, nobody asked yet. */
export function emptyRfqDraft(exchanges: readonly RfqExchange[]): RfqDraft {
  return {
    exchange: exchanges[0] ?? null,
    finstrumentId: null,
    side: 'BID',
    fixedField: 'yield',
    level: null,
    crores: null,
    settlement: '1',
    counterparties: [],
  }
}

/**
 * The form's field a message of the server (or of the schema) belongs to: `counterparty_client_ids.2`
 * is the counterparties' field, a settlement date the venue refused is the settlement's.
 */
export function formField(path: string): string {
  // Stryker disable next-line StringLiteral: split always has a first part; the fallback is for the type
  const head = path.split('.')[0] ?? ''
  return head === 'settlement_date' ? 'settlement_delta' : head
}

/** Field messages by the form's fields (the first of each). */
export function formErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [path, message] of Object.entries(fields)) errors[formField(path)] ??= message
  return errors
}

/** The create payload of a draft, or the field messages that stop it. */
export function rfqPayload(
  draft: RfqDraft,
):
  | { payload: VenueRfqCreate; errors?: undefined }
  | { payload?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const level = typedNumber(draft.level)
  const crores = typedNumber(draft.crores)
  if (!draft.exchange) errors.exchange = PM.noExchange
  if (!draft.finstrumentId) errors.finstrument_id = 'Choose a bond'
  if ((level ?? 0) <= 0) errors[draft.fixedField] = PM.levelRequired
  if ((crores ?? 0) <= 0) errors.quantum = 'Quantum is required'
  if (draft.counterparties.length === 0) {
    errors.counterparty_client_ids = 'Name at least one counterparty'
  } else if (draft.counterparties.length > VENUE_MAX_RESPONDERS) {
    errors.counterparty_client_ids = `At most ${VENUE_MAX_RESPONDERS} counterparties`
  }
  if (Object.keys(errors).length > 0) return { errors }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,ObjectLiteral: unreachable (both are null only with an error set above); it narrows their types
  if (level === null || crores === null) return { errors }
  const checked = venueRfqCreateSchema.safeParse({
    exchange: draft.exchange,
    finstrument_id: draft.finstrumentId,
    quote_type: draft.side,
    quantum: croresToRupees(crores),
    ...(draft.fixedField === 'yield' ? { yield: percentToFraction(level) } : { price: level }),
    settlement_delta: Number(draft.settlement),
    counterparty_client_ids: draft.counterparties,
  })
  if (!checked.success) return { errors: formErrors(fieldErrors(checked.error.issues)) }
  return { payload: checked.data }
}
