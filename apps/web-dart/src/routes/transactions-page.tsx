// /client/transactions: the firm's tickets and orders, with the actions the user's role allows.
import { useSession } from '@bonds/auth'
import { TransactionsPage } from '@bonds/ticketing'
import { workspaceViewer } from './workspace-viewer.ts'

/** /client/transactions. */
export function Page() {
  const session = useSession()
  return <TransactionsPage viewer={workspaceViewer(session.user)} />
}
