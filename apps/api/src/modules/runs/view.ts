// A private-run line as its owner sees it.
import { CHAT_STAFF_LABEL, type PrivateRunLine, type VenueRfq } from '@bonds/domain'
import type { RunLineRow } from './repo.ts'

/**
 * The view of one line, with the exchange RFQ made from it (if any). The product's staff are named
 * by the product's name to a viewer who is not staff, as in chat (decision 160).
 */
export function lineView(
  line: RunLineRow,
  rfq: VenueRfq | undefined,
  viewerIsStaff = false,
): PrivateRunLine {
  const { row } = line
  const senderName =
    line.senderIsStaff && !viewerIsStaff
      ? CHAT_STAFF_LABEL
      : `${line.senderFirst} ${line.senderLast}`.trim() || line.counterpartyName
  return {
    id: row.id,
    status: row.status as PrivateRunLine['status'],
    isin: line.isin,
    finstrument_id: row.finstrumentId,
    display_name: line.displayName,
    quote_type: row.quoteType as PrivateRunLine['quote_type'],
    yield: row.yieldValue,
    price: row.price,
    quantum: row.quantum,
    settlement_delta:
      row.settlementDelta === 0 || row.settlementDelta === 1 ? row.settlementDelta : null,
    confidence: row.confidence,
    auto: row.auto,
    doubts: row.doubts,
    corrected: row.corrected,
    channel_url: row.channelUrl,
    channel_name: line.channelType === 'direct' ? senderName : line.channelName,
    message_id: row.messageId,
    line: row.line,
    source: row.source,
    sender_id: row.senderId,
    sender_name: senderName,
    counterparty_client_id: row.senderClientId,
    counterparty_name: line.counterpartyName,
    received_at: row.receivedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    rfq: rfq ? { ...rfq, private_run_id: row.id } : null,
  }
}
