// A ticket's first values from a chat message: the quote the desk parser reads in it (`POST
// api/eoi/parse/`) and the other firm of the trading group (members carry metaData.client_id).
import type { ChatChannel, ChatMessage, ParsedQuote } from '@bonds/domain'
import type { Counterparty } from '../forms/counterparty-select.tsx'
import type { NewTicketValues } from '../forms/new-ticket-form.tsx'

/** The other firm of a trading group: the sender's when another firm sent it, else the first. */
export function chatCounterparty(
  channel: Pick<ChatChannel, 'members'>,
  message: Pick<ChatMessage, 'sender'>,
  myClientId: string,
): Counterparty | null {
  const others = channel.members.filter((m) => m.metaData.client_id !== myClientId)
  const member = others.find((m) => m.userId === message.sender?.userId) ?? others[0]
  if (!member) return null
  const firm = member.metaData.brand_name !== '-' ? member.metaData.brand_name : ''
  return {
    client_id: member.metaData.client_id,
    user_id: member.userId,
    label: firm ? `${member.nickname}, ${firm}` : member.nickname,
  }
}

/** The next weekday after an ISO date (T+1; the server checks holidays). */
function nextWeekday(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`)
  do day.setUTCDate(day.getUTCDate() + 1)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6)
  return day.toISOString().slice(0, 10)
}

/**
 * The form's values a parsed quote gives: bond, our side (a BID is its sender buying), price or
 * yield (percent, as typed), quantum and settlement date. Nothing for what the quote lacks.
 */
export function valuesFromQuote(
  quote: ParsedQuote | undefined,
  senderIsUs: boolean,
  today: string,
): Partial<NewTicketValues> {
  if (!quote) return {}
  const senderBuys = quote.quote_type === 'BID'
  const values: Partial<NewTicketValues> = {
    buy_or_sell: senderBuys === senderIsUs ? 'buy' : 'sell',
  }
  if (quote.finstrument_id) {
    values.bond = {
      finstrument_id: quote.finstrument_id,
      display_name: quote.isin ?? quote.finstrument_id,
    }
  }
  if (quote.price !== null) {
    values.fixed = 'price'
    values.unit_clean_price = String(quote.price)
  } else if (quote.yield !== null) {
    values.fixed = 'yield'
    values.bond_yield = String(Number((quote.yield * 100).toFixed(4)))
  }
  if (quote.quantum !== null) values.quantum = String(quote.quantum)
  if (quote.settlement_delta !== null) {
    values.settlement_date = quote.settlement_delta === 0 ? today : nextWeekday(today)
  }
  return values
}
