// /client/transactions: the firm's tickets and orders, with the actions the user's role allows,
// and "Report issue" on the chosen one (`@bonds/support`).
import { useSession } from '@bonds/auth'
import { ReportIssueButton } from '@bonds/support'
import { TransactionsPage } from '@bonds/ticketing'
import { workspaceViewer } from '@bonds/workspace'

/** /client/transactions. */
export function Page() {
  const session = useSession()
  return (
    <TransactionsPage
      viewer={workspaceViewer(session.user)}
      reportIssue={(context, details) => <ReportIssueButton context={context} details={details} />}
    />
  )
}
