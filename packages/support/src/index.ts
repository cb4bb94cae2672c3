// @bonds/support: the contact, support and report-issue modals, screenshots of a screen's capture
// areas, ticket submission, the 402 screen's upgrade request, client error reports, and the firm's
// tickets for its Ops Admin (issue 18; spec sections 2, 3, 7 and 8).

/** The contact form, inline (the /contact page) or in a modal. */
export { ContactForm, ContactModal } from './components/contact/contact-form.tsx'
export type { ContactFormProps, ContactModalProps } from './components/contact/contact-form.tsx'
/** The support modal: Ask a query, Report issue, Request access, Provide feedback. */
export { SupportModal } from './components/support-modal/support-modal.tsx'
export type { SupportModalProps } from './components/support-modal/support-modal.tsx'
export { SupportButton } from './components/support-modal/support-button.tsx'
export type { SupportButtonProps } from './components/support-modal/support-button.tsx'
/** The account menu's "Help and support", opening the support modal (an app's `helpProvider`). */
export { SupportProvider } from './components/support-modal/support-provider.tsx'
/** The report-issue modal of a context, and the button a screen places to open it. */
export { ReportIssueModal } from './components/report-issue/report-issue-modal.tsx'
export type {
  ReportDetails,
  ReportIssueModalProps,
} from './components/report-issue/report-issue-modal.tsx'
export { ReportIssueButton } from './components/report-issue/report-issue-button.tsx'
export type { ReportIssueButtonProps } from './components/report-issue/report-issue-button.tsx'
/** The firm's support tickets, for its Ops Admin. */
export { FirmSupportTickets } from './components/firm-tickets/firm-support-tickets.tsx'
/** Screenshots of a context's capture areas without its ignored areas. */
export { captureScreenshot } from './model/capture.ts'
export type { CaptureScreenshot } from './model/capture.ts'
/** The 402 screen's "Request Upgrade" for an app's router. */
export { createUpgradeRequest, upgradeFormType } from './model/upgrade.ts'
export type { UpgradeRequestDeps } from './model/upgrade.ts'
/** Client error reports with the user context. */
export { createErrorReporter } from './model/error-reporting.ts'
export type { ErrorSource } from './model/error-reporting.ts'
/** The support endpoints' hooks. */
export { useFirmSupportTicketsQuery } from './api/support.ts'
