// What every inventory use case is given: the database, the clock, and the other modules' use
// cases it calls (the market posts offers and knows the quotes; the network finds counterparties).
import type {
  ChatMessage,
  Eoi,
  EoiCreatePayload,
  EoiListQuery,
  EoiPage,
  InventoryPosition,
  ParticipantList,
  ParticipantSearchQuery,
} from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Emit, Transact } from '../../events/transact.ts'
import type { Clock } from '../../server-module.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import type { MarketLevel, ValuedHolding } from './valuation.ts'

/** The market's use cases the inventory calls (its create-EOI use case among them). */
export interface InventoryMarket {
  createEoi(user: AuthUser, payload: EoiCreatePayload, ip?: string): Promise<Eoi>
  listEois(user: AuthUser, query: EoiListQuery): Promise<EoiPage>
  /** The latest yield the market shows per bond (live quote, else a recent trade). */
  levels(
    ids: readonly string[],
    now: Date,
    viewer: { quotes: boolean },
  ): Promise<ReadonlyMap<string, MarketLevel>>
}

/** A chat message as a counterparty received it (what the private runs read). */
export interface ReceivedOffer {
  userId: string
  channelUrl: string
  message: ChatMessage
}

/**
 * The chat and the private runs, as an offer to chosen counterparties uses them (decision 291):
 * the caller's direct channel with each, the message sent there as the caller, and the runs
 * module's own reading of it into the recipient's run.
 */
export interface InventoryPrivateRuns {
  /** The caller's direct channel with another user (made when there is none): its url. */
  channelWith(user: AuthUser, otherUserId: string): Promise<string>
  /**
   * One transaction: `work` reserves with it and sends each message as the caller (`send`,
   * idempotent on `reqId`); the chat's events go out only once it committed, so a message that
   * fails takes back the reservation and every message sent before it (decision 317).
   */
  inTransaction<T>(
    user: AuthUser,
    work: (
      tx: Db,
      send: (channelUrl: string, text: string, reqId: string) => Promise<ChatMessage>,
    ) => Promise<T>,
  ): Promise<T>
  /** Read messages into their recipients' private runs now (the runs module's ingest). */
  ingest(received: readonly ReceivedOffer[]): Promise<number>
}

/** A valued book kept for its next read: what it was valued from, and the positions. */
export interface ValuedBook {
  version: string
  /** Each bond's market level the book was valued at (as text). */
  levels: Map<string, string>
  /** What each position was valued from: the holding and its bond. */
  inputs: { holding: ValuedHolding; bond: FinstrumentRow }[]
  positions: InventoryPosition[]
}

/** What the inventory's use cases run with. */
export interface InventoryContext {
  db: Db
  now: Clock
  market: InventoryMarket
  searchParticipants(user: AuthUser, query: ParticipantSearchQuery): Promise<ParticipantList>
  /** A transaction whose events go out if, and once, it commits. */
  transact: Transact
  /** The market's create-EOI use case inside a transaction (its events staged in it). */
  marketIn(tx: Db, emit: Emit): Pick<InventoryMarket, 'createEoi'>
  privateRuns: InventoryPrivateRuns
  /**
   * Valued books by firm and viewer, reused while nothing they were valued from has changed: the
   * entries and costs, the settled orders, the reserved face, today and every bond's market level
   * (each read checks all of these in the database; a change anywhere values the book again).
   */
  valuedBooks: Map<string, ValuedBook>
}

/** A 400 naming the field at fault. */
export const bad = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })
