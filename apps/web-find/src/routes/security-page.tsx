import { useSession } from '@bonds/auth'
import { SecurityPage, securityDataAccess } from '@bonds/bonds'
import { ReportIssueButton } from '@bonds/support'
import { useLocation, useParams } from 'react-router'

/** /security/{id}: one bond's terms, calculator, cash flows, downloads, trades and rationale. */
export function Page() {
  const { id = '' } = useParams()
  const { pathname, search } = useLocation()
  const access = securityDataAccess(useSession())
  return (
    <SecurityPage
      id={id}
      access={access}
      path={pathname + search}
      app="find"
      reportIssue={(details) => <ReportIssueButton context="pricing_cashflow" details={details} />}
    />
  )
}
