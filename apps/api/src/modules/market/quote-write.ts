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

/**
 * Insert a quote with its audit entry and, when given, its events into the outbox in their order
 * (each one's `message.data.eoi_id` and `message.data.quote.id` set to the new id), as one
 * statement; answers the stored quote.
 */
export async function insertQuote(
  db: Db,
  values: Omit<NewEoi, 'id'>,
  entry: QuoteAudit,
  events: readonly DomainEvent[] = [],
): Promise<EoiRow> {
  const quoteId = db
    .$with('quote_id', {})
    .as(sql`select nextval(pg_get_serial_sequence('eois', 'id')) as id`)
  const audited = db
    .$with('audited', {})
    .as(
      sql`insert into audit_log (actor_user_id, action, ip, detail) select ${entry.actor}, ${entry.action}, ${entry.ip}, jsonb_set(${JSON.stringify(entry.detail)}::jsonb, '{eoi_id}', to_jsonb(quote_id.id)) from quote_id`,
    )
  const stored =
    events.length > 0
      ? [
          db
            .$with('stored', {})
            .as(
              sql`insert into event_outbox (event) select jsonb_set(jsonb_set(e.event, '{message,data,eoi_id}', to_jsonb(quote_id.id)), '{message,data,quote,id}', to_jsonb(quote_id.id)) from quote_id, jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(event, place) order by e.place`,
            ),
        ]
      : []
  const [row] = await db
    .with(quoteId, audited, ...stored)
    .insert(eois)
    .values({ ...values, id: sql`(select id from quote_id)` })
    .returning()
  return row as EoiRow
}
