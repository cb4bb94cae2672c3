// @bonds/ticketing/tab: the dart Ticketing tab alone, for an app that loads it when first shown
// (dart's first load stays within its budget, issue 21); the rest of the package is `.`.

/** The dart Ticketing tab: open tickets, the chosen one, a ticket made by hand. */
export { TicketingTab } from './ticketing-tab.tsx'
export type { TicketingTabProps } from './ticketing-tab.tsx'
