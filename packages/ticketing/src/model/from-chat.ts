// A ticket's first values from a chat message: the quote the desk parser reads in it (`POST
// api/eoi/parse/`) and the other firm of the trading group (members carry metaData.client_id).
import type { ChatChannel, ChatMessage, ClearingExchange, ParsedQuote } from '@bonds/domain'
import { settlementOnCalendar, type Convention } from '@bonds/pricing'
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

/** The market calendar of a bond by its ISIN: G-secs and SDLs (IN0–IN4) or corporate. */
function conventionOfIsin(isin: string | null): Convention {
  return isin && /^IN[0-4]/.test(isin) ? 'GSEC' : 'CORPORATE'
}

/** A clearing corporation or its exchange named in desk talk ("thru ICCL", "NSCCL", "BSE"). */
const CLEARING_WORD = /\b(ICCL|BSE|NSCCL|NCL|NSE)\b/gi

/**
 * The clearing a message names, the last one mentioned winning ("not NSE, ICCL pls"): BSE's ICCL
 * or NSE's NSE Clearing; undefined when it names none.
 */
export function clearingOfText(text: string): ClearingExchange | undefined {
  let last: ClearingExchange | undefined
  for (const [word] of text.matchAll(CLEARING_WORD)) {
    last = /^(ICCL|BSE)$/i.test(word) ? 'BSE' : 'NSE'
  }
  return last
}

/** "your buy" / "your sell": the side the message gives its reader. */
const YOURS = /\byour\s+(buy|sell)\b/i

/**
 * The form's values a parsed quote gives: bond, our side (a BID is its sender buying), price or
 * yield (percent, as typed), quantum and settlement date. Nothing for what the quote lacks.
 */
export function valuesFromQuote(
  quote: ParsedQuote | undefined,
  senderIsUs: boolean,
  today: string,
  text = '',
): Partial<NewTicketValues> {
  if (!quote) return {}
  const senderBuys = quote.quote_type === 'BID'
  // A deal told to its reader ("…, your buy") says the reader's side outright.
  const yours = YOURS.exec(text)?.[1]?.toLowerCase() as 'buy' | 'sell' | undefined
  const readerSide = yours ?? (senderBuys ? 'sell' : 'buy')
  const values: Partial<NewTicketValues> = {
    buy_or_sell: senderIsUs ? (readerSide === 'buy' ? 'sell' : 'buy') : readerSide,
  }
  if (quote.finstrument_id) {
    values.bond = {
      finstrument_id: quote.finstrument_id,
      display_name: quote.display_name ?? quote.isin ?? quote.finstrument_id,
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
  // Any line of the message may say where it clears ("…\nICCL"), not only the quote's.
  const exchange = clearingOfText(text)
  if (exchange) values.exchange = exchange
  if (quote.settlement_delta !== null) {
    // T+n on the bond's market calendar (weekends and the RBI or NSE Clearing holidays).
    values.settlement_date = settlementOnCalendar(
      conventionOfIsin(quote.isin),
      today,
      quote.settlement_delta,
    )
  }
  return values
}
