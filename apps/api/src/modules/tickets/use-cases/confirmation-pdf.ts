// The deal confirmation as a PDF both sides keep: the parties, the terms, and the amounts exactly
// as the ticket shows them (the server's rupee strings, computed once by @bonds/pricing).
import { CLEARING_CORPORATION_NAMES, type TradeConfirmation } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatRupees, formatYield } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { renderReport } from '../../documents/index.ts'
import type { TicketsContext } from '../context.ts'
import { confirmation } from './read.ts'

/** Rupees from the server's decimal text, for printing. */
const rupees = (text: string) => formatRupees(Number(text))

/** The blocks of a confirmation (what the PDF prints), from the confirmation the API answers. */
export function confirmationBlocks(c: TradeConfirmation) {
  const t = c.ticket
  const party = (p: typeof t.buyer) => (p.user_name ? `${p.name} (${p.user_name})` : p.name)
  return [
    {
      kind: 'fields' as const,
      rows: [
        ['Confirmation number', c.confirmation_number],
        ['Order', `#${t.id}`],
        ['Buyer', party(t.buyer)],
        ['Seller', party(t.seller)],
        ...t.broker_details.map(
          (b) => [`${b.buy_or_sell === 'buy' ? 'Buyer' : 'Seller'}-side broker`, b.name] as const,
        ),
      ] as const,
    },
    { kind: 'heading' as const, text: 'Terms' },
    {
      kind: 'fields' as const,
      rows: [
        ['Bond', t.display_name],
        ['ISIN', t.isin],
        ['Quantum (face value)', formatQuantum(t.quantum)],
        ['Clean price (per ₹100)', formatPrice(t.unit_clean_price)],
        ['Yield', t.bond_yield === null ? '—' : formatYield(t.bond_yield)],
        ['Trade', `${formatDate(t.trade_date)}, ${t.trade_time} IST`],
        ['Settlement date', formatDate(t.settlement_date)],
        ['Clearing', CLEARING_CORPORATION_NAMES[t.exchange]],
        ['Custodian', t.custodian?.name ?? '—'],
        ['Report', t.report.reference ?? 'Not yet reported'],
      ] as const,
    },
    { kind: 'heading' as const, text: 'Consideration' },
    {
      kind: 'table' as const,
      columns: [
        { label: 'Amount', width: 300 },
        { label: 'Rupees', width: 199, align: 'right' as const },
      ],
      rows: [
        ['Principal', rupees(t.consideration.principal)],
        ['Accrued interest', rupees(t.consideration.accrued_interest)],
        ['Consideration', rupees(t.consideration.consideration)],
        ['Stamp duty (paid by the buyer)', rupees(t.consideration.stamp_duty)],
        ['Brokerage', rupees(t.consideration.brokerage)],
        ['Total', rupees(t.consideration.total)],
      ],
    },
  ]
}

/** `GET api/chatter/trade/confirmed-trade/{id}/pdf/`: the confirmation as a PDF. */
export async function confirmationPdf(context: TicketsContext, user: AuthUser, id: string) {
  const c = await confirmation(context, user, id)
  const bytes = await renderReport(
    {
      title: `Deal confirmation ${c.confirmation_number}`,
      subtitle: `${c.ticket.display_name} · ${c.ticket.isin}`,
      generatedAt: context.now(),
    },
    confirmationBlocks(c),
  )
  return { bytes, fileName: `deal-confirmation-${c.ticket.id}.pdf` }
}
