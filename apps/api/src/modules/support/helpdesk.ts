// The helpdesk port (ARCHITECTURE.md, providers): every ticket is stored in the database first;
// the embedded helpdesk is that table, read by the firm's Ops Admin. When HELPDESK_URL is set the
// ticket is also handed to an external helpdesk over an Intercom-style HTTP API (decision 227).
// Nothing outside this process is called unless it is configured.

/** A ticket as handed to a helpdesk: the provider's type id, contacts, attributes and files. */
export interface HelpdeskTicket {
  id: number
  providerTypeId: number
  contacts: { email?: string | undefined; name?: string | undefined }[]
  attributes: Record<string, unknown>
  attachments: string[]
  createdAt: Date
}

/** Where tickets go besides the database. */
export interface Helpdesk {
  /** `embedded`, or the external helpdesk's name. */
  readonly name: string
  /** Hand a stored ticket over; answers the helpdesk's id of it (null for the embedded one). */
  forward(ticket: HelpdeskTicket): Promise<string | null>
}

/** The embedded helpdesk: the ticket table is the helpdesk (its Ops Admin lists the firm's). */
export const embeddedHelpdesk: Helpdesk = {
  name: 'embedded',
  forward: async () => null,
}

/** Settings of the external helpdesk (HELPDESK_URL, HELPDESK_TOKEN). */
export interface HttpHelpdeskOptions {
  url: string
  token: string
  fetch?: typeof fetch
  /** Give up on a call after this long (default 5 s). */
  timeoutMs?: number
}

/**
 * An external helpdesk over HTTP, Intercom's ticket API in shape: `POST <url>/tickets` with a
 * bearer token and `{ ticket_type_id, contacts, ticket_attributes }`; the answer's `id` is kept.
 */
export function httpHelpdesk({
  url,
  token,
  fetch: fetchImpl = fetch,
  timeoutMs = 5000,
}: HttpHelpdeskOptions): Helpdesk {
  const endpoint = `${url.replace(/\/+$/, '')}/tickets`
  return {
    name: 'http',
    async forward(ticket) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          ticket_type_id: ticket.providerTypeId,
          contacts: ticket.contacts.filter((c) => c.email).map((c) => ({ email: c.email })),
          ticket_attributes: {
            ...ticket.attributes,
            _default_title_: String(ticket.attributes.title ?? `Support ticket ${ticket.id}`),
            _default_description_: String(ticket.attributes.description ?? ''),
            attachments: ticket.attachments,
            external_reference: String(ticket.id),
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        throw new Error(`helpdesk answered ${response.status} ${response.statusText}`)
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown }
      return body.id === undefined || body.id === null ? null : String(body.id)
    },
  }
}
