// The mind app: theme, toasts, the session, build updates and the guarded router.
import '@bonds/ui-kit/styles.css'
import { startBondsApp } from '@bonds/auth'
import { createErrorReporter, createUpgradeRequest, SupportProvider } from '@bonds/support'
import { pages } from './app/routes.ts'
import { appSession } from './app/session.ts'
import { BASE_PATH, BUILD_ID } from './env.ts'

// Errors are reported with the user context (spec section 3): what the page does not catch, and
// what a page throws while rendering (the router shows the error screen).
const errors = createErrorReporter(appSession.store)
errors.install()

void startBondsApp({
  app: 'mind',
  pages,
  appSession,
  buildId: BUILD_ID,
  base: BASE_PATH,
  reportError: (error) => errors.report(error, 'render'),
  // The account menu's "Help and support" opens the support modal.
  helpProvider: SupportProvider,
  // The 402 screen's "Request Upgrade" files through the support package.
  requestUpgrade: createUpgradeRequest({
    store: appSession.store,
    user: () => appSession.session.ready(),
  }),
})
