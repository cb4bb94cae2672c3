// @bonds/support: the contact, support and report-issue modals, screenshots of a screen's capture
// areas, ticket submission, the 402 screen's upgrade request, client error reports, and the firm's
// tickets for its Ops Admin (issue 18; spec sections 2, 3, 7 and 8). What the apps compose; the
// modals themselves, the capture and the endpoints stay inside.

/** The contact form, inline (the /contact page). */
export { ContactForm } from './components/contact/contact-form.tsx'
export type { ContactFormProps } from './components/contact/contact-form.tsx'
/** A button opening the support modal: Ask a query, Report issue, Request access, Provide feedback. */
export { SupportButton } from './components/support-modal/support-button.tsx'
export type { SupportButtonProps } from './components/support-modal/support-button.tsx'
/** The account menu's "Help and support", opening the support modal (an app's `helpProvider`). */
export { SupportProvider } from './components/support-modal/support-provider.tsx'
/** The "Report issue" button a screen places for its context (it opens the report modal). */
export { ReportIssueButton } from './components/report-issue/report-issue-button.tsx'
export type { ReportIssueButtonProps } from './components/report-issue/report-issue-button.tsx'
export type { ReportDetails } from './components/report-issue/report-issue-modal.tsx'
/** The firm's support tickets, for its Ops Admin. */
export { FirmSupportTickets } from './components/firm-tickets/firm-support-tickets.tsx'
/** The 402 screen's "Request Upgrade" for an app's router. */
export { createUpgradeRequest } from './model/upgrade.ts'
export type { UpgradeRequestDeps } from './model/upgrade.ts'
/** Client error reports with the user context. */
export { createErrorReporter } from './model/error-reporting.ts'
export type { ErrorSource } from './model/error-reporting.ts'
