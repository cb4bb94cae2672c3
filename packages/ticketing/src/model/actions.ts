// Which of a ticket's actions a screen offers: the server's `ticket.actions` (the lifecycle and the
// caller's side) narrowed by role (spec: a Dealer creates and acts on tickets, Back Office reports
// and settles, a Trade Viewer reads). The server checks both again; this only hides buttons.
import { TRADING_ROLES, type Ticket, type TradeAction } from '@bonds/domain'

/** The actions only Back Office takes. */
const BACK_OFFICE_ACTIONS: readonly TradeAction[] = ['report', 'settle']

/** The order buttons are shown in. */
const ORDER: readonly TradeAction[] = [
  'send',
  'confirm',
  'accept_consideration',
  'report',
  'settle',
  'edit',
  'reject',
  'cancel',
]

/** Who is looking, as the ticket screens need it. */
export interface TicketViewer {
  roles: readonly string[]
}

/** The actions of `ticket` that `viewer`'s roles allow, in the order the screen shows them. */
export function offeredActions(
  ticket: Pick<Ticket, 'actions'>,
  viewer: TicketViewer,
): TradeAction[] {
  const dealer = viewer.roles.includes('clientdealer')
  const backOffice = viewer.roles.includes('backoffice')
  return ORDER.filter(
    (action) =>
      ticket.actions.includes(action) &&
      (BACK_OFFICE_ACTIONS.includes(action) ? backOffice : dealer),
  )
}

/** Whether the viewer may read the firm's tickets: a trading role, never a compliance officer. */
export function canReadTickets(viewer: TicketViewer): boolean {
  return (
    viewer.roles.some((role) => (TRADING_ROLES as readonly string[]).includes(role)) &&
    !viewer.roles.includes('complianceofficer')
  )
}

/** Whether the viewer may create tickets (a Dealer). */
export function canCreateTickets(viewer: TicketViewer): boolean {
  return viewer.roles.includes('clientdealer')
}

/** Button labels of the actions. */
export const ACTION_LABELS: Record<TradeAction, string> = {
  edit: 'Edit terms',
  send: 'Send',
  confirm: 'Confirm terms',
  reject: 'Reject',
  accept_consideration: 'Accept consideration',
  report: 'Report',
  settle: 'Settle',
  cancel: 'Cancel ticket',
}
