// The root every app renders: theme and toasts, the session, the guarded router and build updates.
import { BondsProvider, createAppRouter, createBuildUpdates, type AppPages } from '@bonds/ui-kit'
import type { AppName } from '@bonds/domain'
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import type { AppSession } from './app-session.ts'
import { SessionProvider } from './react.tsx'

/** Props of BondsApp. */
export interface BondsAppProps {
  app: AppName
  pages: AppPages
  appSession: AppSession
  /** This build's id (`VITE_BUILD_ID`), polled against `builds/latest.json`. */
  buildId: string
  /** The app's base path (`import.meta.env.BASE_URL`). */
  base: string
}

/** One app: the session starts, build updates start, and the router guards every page. */
export function BondsApp({ app, pages, appSession, buildId, base }: BondsAppProps) {
  const [{ router, updates }] = useState(() => {
    const updates = createBuildUpdates({ buildId, base })
    const router = createAppRouter({
      app,
      pages,
      guard: appSession.guard,
      requestUpgrade: appSession.requestUpgrade,
      updates,
    })
    return { router, updates }
  })
  useEffect(() => appSession.session.start(), [appSession])
  useEffect(() => updates.start(), [updates])
  return (
    <BondsProvider>
      <SessionProvider session={appSession.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </BondsProvider>
  )
}
