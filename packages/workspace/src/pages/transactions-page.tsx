// /client/transactions (trading roles): the firm's orders and tickets. Booking arrives with the
// ticketing package (issue 22); until then nothing can have been booked, and the page says so.
import { IconReceipt } from '@tabler/icons-react'
import { FeaturePage } from './feature-page.tsx'

/** /client/transactions: the firm's orders and tickets. */
export function TransactionsPage() {
  return (
    <FeaturePage
      title="Transactions"
      description="Your firm’s orders and trade tickets, with their state, counterparty and amounts."
      icon={<IconReceipt size={26} aria-hidden />}
      empty="No transactions yet"
      detail="Booking trades from tickets is not available yet, so no order or ticket has been booked. When it is, every ticket and order of your firm is listed here with the actions your role allows."
      next={{ href: '/dart', label: 'Go to the dart workspace' }}
    />
  )
}
