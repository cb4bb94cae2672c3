// A new quote, its audit entry and (over the event outbox) its stored event in one statement: the
// quote's id is taken from its sequence in a common table expression that the audit row and the
// event read, so the three rows need one round trip, and a post that replaces nothing needs no
// BEGIN and COMMIT around it (a statement is atomic by itself; decision 322). The audit log's
// chain trigger holds its lock only while that statement commits.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { eois } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import type { EoiRow, NewEoi } from './repo.ts'

/** The audit entry of a new quote: its detail gets the quote's id as `eoi_id`. */
export interface QuoteAudit {
  actor: string
  action: 'eoi_created'
  ip: string | null
  detail: Record<string, unknown>
}

/** The statement inserting a quote, built once per database (a transaction builds its own). */
function prepareInsertQuote(db: Db) {
  const p = sql.placeholder
  const quoteId = db
    .$with('quote_id', {})
    .as(sql`select nextval(pg_get_serial_sequence('eois', 'id')) as id`)
  const audited = db
    .$with('audited', {})
    .as(
      sql`insert into audit_log (actor_user_id, action, ip, detail) select ${p('actor')}, ${p('action')}, ${p('ip')}, jsonb_set(${p('detail')}::jsonb, '{eoi_id}', to_jsonb(quote_id.id)) from quote_id`,
    )
  const stored = db
    .$with('stored', {})
    .as(
      sql`insert into event_outbox (event) select case when e.event -> 'message' ->> 'type' = 'quotes_eoi' then jsonb_set(jsonb_set(e.event, '{message,data,eoi_id}', to_jsonb(quote_id.id)), '{message,data,quote,id}', to_jsonb(quote_id.id)) else e.event end from quote_id, jsonb_array_elements(${p('events')}::jsonb) with ordinality as e(event, place) order by e.place`,
    )
  return db
    .with(quoteId, audited, stored)
    .insert(eois)
    .values({
      id: sql`(select id from quote_id)`,
      finstrumentId: p('finstrumentId'),
      clientId: p('clientId'),
      userId: p('userId'),
      quoteType: p('quoteType'),
      quantum: p('quantum'),
      unitPrice: p('unitPrice'),
      bondYield: p('bondYield'),
      fixedField: p('fixedField'),
      priceOverridden: p('priceOverridden'),
      settlementDate: p('settlementDate'),
      settlementDelta: p('settlementDelta'),
      expiresAt: p('expiresAt'),
      state: p('state'),
      source: p('source'),
      respondEoiId: p('respondEoiId'),
      replaces: p('replaces'),
      details: p('details'),
      createdAt: p('createdAt'),
      updatedAt: p('updatedAt'),
    })
    .returning()
    .prepare('insert_quote')
}

const insertQuoteStatements = new WeakMap<Db, ReturnType<typeof prepareInsertQuote>>()

/**
 * Insert a quote with its audit entry and, when given, its events into the outbox in their order
 * (each `quotes_eoi`'s `message.data.eoi_id` and `message.data.quote.id` set to the new id), as one
 * prepared statement (its SQL built once: a post at 200 a second built it 200 times a second,
 * most of the garbage the server's collector promoted; decision 384); answers the stored quote.
 */
export async function insertQuote(
  db: Db,
  values: Omit<NewEoi, 'id'>,
  entry: QuoteAudit,
  events: readonly DomainEvent[] = [],
): Promise<EoiRow> {
  let statement = insertQuoteStatements.get(db)
  if (!statement) insertQuoteStatements.set(db, (statement = prepareInsertQuote(db)))
  const now = new Date()
  const [row] = await statement.execute({
    actor: entry.actor,
    action: entry.action,
    ip: entry.ip,
    detail: JSON.stringify(entry.detail),
    events: JSON.stringify(events),
    finstrumentId: values.finstrumentId,
    clientId: values.clientId,
    userId: values.userId,
    quoteType: values.quoteType,
    quantum: values.quantum,
    unitPrice: values.unitPrice,
    bondYield: values.bondYield ?? null,
    fixedField: values.fixedField,
    priceOverridden: values.priceOverridden ?? false,
    settlementDate: values.settlementDate,
    settlementDelta: values.settlementDelta ?? null,
    expiresAt: values.expiresAt,
    state: values.state ?? 'DEFAULT',
    source: values.source,
    respondEoiId: values.respondEoiId ?? null,
    replaces: values.replaces ?? null,
    details: values.details ?? {},
    createdAt: values.createdAt ?? now,
    updatedAt: values.updatedAt ?? now,
  })
  return row as EoiRow
}
