// The root every app renders: theme and toasts, the session, the guarded router and build updates.
import {
  BondsProvider,
  createAppRouter,
  createBuildUpdates,
  FirstViewProvider,
  mountApp,
  prepareAppRoutes,
  readFirstView,
  type AppPages,
  type BuildUpdates,
  type FirstView,
  type UpgradeRequestOutcome,
} from '@bonds/ui-kit'
import type { AppName } from '@bonds/domain'
import { Fragment, useEffect, type ComponentType, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { RouterProvider, type DataRouter } from 'react-router'
import type { AppSession } from './app-session.ts'
import { SessionProvider } from './react.tsx'

/** Props of BondsApp. */
export interface BondsAppProps {
  appSession: AppSession
  /** The app's router (`startBondsApp` makes it; a memory router when prerendering). */
  router: DataRouter
  /** Build updates, started with the app (absent when prerendering). */
  updates?: BuildUpdates
  /** The prerendered first view the page starts from, if any. */
  firstView?: FirstView | null
  /** Wraps the pages: gives the account menu its "Help and support" (`@bonds/support`). */
  helpProvider?: ComponentType<{ children: ReactNode }> | undefined
}

/** One app: its store, the session starts, build updates start, and the router guards every page. */
export function BondsApp({
  appSession,
  router,
  updates,
  firstView = null,
  helpProvider: Help = Fragment,
}: BondsAppProps) {
  useEffect(() => appSession.session.start(), [appSession])
  useEffect(() => updates?.start(), [updates])
  return (
    <BondsProvider>
      <Provider store={appSession.store}>
        <SessionProvider session={appSession.session}>
          <FirstViewProvider value={firstView}>
            <Help>
              <RouterProvider router={router} />
            </Help>
          </FirstViewProvider>
        </SessionProvider>
      </Provider>
    </BondsProvider>
  )
}

/** What an app passes to start. */
export interface StartBondsAppOptions {
  app: AppName
  pages: AppPages
  appSession: AppSession
  /** This build's id (`VITE_BUILD_ID`), polled against `builds/latest.json`. */
  buildId: string
  /** The app's base path (`import.meta.env.BASE_URL`). */
  base: string
  /**
   * The 402 screen's "Request Upgrade" (`@bonds/support`'s `createUpgradeRequest`): files or
   * finds the access request for a path; without it the screen offers no button.
   */
  requestUpgrade?: (path: string) => Promise<UpgradeRequestOutcome | undefined>
  /** Told of an error a page threw (`@bonds/support`'s error reporter). */
  reportError?: (error: unknown) => void
  /**
   * Wraps the pages so the account menu offers "Help and support" (`@bonds/support`'s
   * `SupportProvider`); without it the menu has no such entry.
   */
  helpProvider?: ComponentType<{ children: ReactNode }>
}

/**
 * Start an app in the browser: the page asked for is loaded before the first render, and a
 * prerendered first view of it is hydrated (the page stays on screen, readable, from the first
 * byte to the app's own render). Resolves with how to unmount it (a test leaves nothing scheduled).
 */
export async function startBondsApp({
  app,
  pages,
  appSession,
  buildId,
  base,
  requestUpgrade,
  reportError,
  helpProvider,
}: StartBondsAppOptions): Promise<{ unmount: () => void }> {
  const updates = createBuildUpdates({ buildId, base })
  const options = {
    app,
    pages,
    guard: appSession.guard,
    ...(requestUpgrade ? { requestUpgrade } : {}),
    ...(reportError ? { reportError } : {}),
    updates,
  }
  const location = window.location.pathname + window.location.search
  const firstView = readFirstView()
  const hydrate = firstView !== null && firstView.path === window.location.pathname
  const prepared = await prepareAppRoutes(options, location, { hydrate })
  const router = createAppRouter(options, prepared)
  return mountApp(
    <BondsApp
      appSession={appSession}
      router={router}
      updates={updates}
      firstView={hydrate ? firstView : null}
      helpProvider={helpProvider}
    />,
    { hydrate },
  )
}
