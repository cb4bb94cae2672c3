// The exchange port (issue 21; decision 266): what the product asks of an RFQ venue (NSE RFQ, BSE
// RFQ) at each step of an RFQ's life cycle. The embedded default is the venue simulator
// (simulator.ts); a real adapter (the exchanges' RFQ APIs) implements the same interface.
import type { RfqExchange } from '@bonds/domain'
import type { Convention } from '@bonds/pricing'

/** The terms of an RFQ at one step, as the venue checks them. */
export interface VenueTerms {
  exchange: RfqExchange
  isin: string
  /** The bond's face value per unit, rupees: sizes trade in whole units of it. */
  faceValue: number
  /** The bond's settlement calendar. */
  convention: Convention
  /** The initiator's side. */
  quoteType: 'BID' | 'ASK'
  /** Rupees of face value. */
  quantum: number
  /** A fraction, or null when the level is a price. */
  yield: number | null
  /** Clean per ₹100, or null when the level is a yield. */
  price: number | null
  settlementDate: string
}

/** A step of the life cycle the venue is asked to take. */
export type VenueStepKind = 'quote' | 'negotiate' | 'accept' | 'cancel'

/** What the venue answered: taken, with its reference, or refused with its reason. */
export type VenueAnswer =
  | { ok: true; ref: string; at: Date }
  /** `field` names the term at fault, when one is. */
  | { ok: false; reason: string; field?: string }

/** The venue's session at an instant. */
export interface VenueSession {
  open: boolean
  /** "09:00–17:00 IST" */
  hours: string
}

/** An RFQ venue: initiate, then quote, negotiate, accept (the deal) or cancel. */
export interface ExchangePort {
  /** Put an RFQ on the exchange; `localId` is ours (the venue's reference is derived from it). */
  initiate(terms: VenueTerms, localId: number): Promise<VenueAnswer>
  /** One step on an RFQ the exchange holds under `ref`. */
  step(ref: string, kind: VenueStepKind, terms: VenueTerms): Promise<VenueAnswer>
  /** The exchange's session at an instant. */
  session(exchange: RfqExchange, at: Date): VenueSession
}
