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

/**
 * What the venue answered: taken, with its reference, or refused with its reason. An RFQ to
 * several firms answers `legs`, the venue's reference of each firm's quote in the order asked; a
 * step answers `closed`, the other legs the venue closed by its rules (at a deal, or a withdrawal).
 */
export type VenueAnswer =
  | { ok: true; ref: string; at: Date; legs?: string[]; closed?: string[] }
  /** `field` names the term at fault, when one is. */
  | { ok: false; reason: string; field?: string }

/** The venue's session at an instant. */
export interface VenueSession {
  open: boolean
  /** "09:00–17:00 IST" */
  hours: string
}

/**
 * An RFQ venue: initiate (to one firm, or to several: one-to-many), then quote, negotiate, accept
 * (the deal) or cancel, each on one firm's leg.
 */
export interface ExchangePort {
  /**
   * Put an RFQ on the exchange; `localId` is ours (the venue's reference is derived from it);
   * `responders` firms are asked to quote (1 when left out).
   */
  initiate(terms: VenueTerms, localId: number, responders?: number): Promise<VenueAnswer>
  /**
   * One step on the RFQ leg the exchange holds under `ref`; `others` are the RFQ's other open
   * legs (one-to-many), which the venue may close by its rules.
   */
  step(
    ref: string,
    kind: VenueStepKind,
    terms: VenueTerms,
    others?: readonly string[],
  ): Promise<VenueAnswer>
  /** The exchange's session at an instant. */
  session(exchange: RfqExchange, at: Date): VenueSession
}
