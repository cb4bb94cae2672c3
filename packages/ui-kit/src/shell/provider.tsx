import '@fontsource/inter/400.css'
import '@fontsource/inter/600.css'
import '@fontsource/jetbrains-mono/400.css'
import { MantineProvider } from '@mantine/core'
import { notifications, useNotifications } from '@mantine/notifications'
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts'

const ToastAreas = lazy(() => import('../toast/toast-areas.tsx'))

/** Props of BondsProvider. */
export interface BondsProviderProps {
  children: ReactNode
  /** Force a scheme (stories, screenshots); normally the stored choice or the system preference. */
  forceColorScheme?: 'light' | 'dark'
  /** 'test' turns off transitions and portals' delays for component tests. */
  env?: 'default' | 'test'
}

/** Theme, colour scheme and toast areas around an app (or a story, or a test). */
export function BondsProvider({ children, forceColorScheme, env = 'default' }: BondsProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
      env={env}
    >
      <LateNotifications env={env} />
      {children}
    </MantineProvider>
  )
}

/**
 * The toast areas, loaded and mounted when the first toast is shown (their code is in no page's
 * first load, issue 21), and never in the page's first commit: mounting them costs a portal and
 * six transition groups rendered again at once. A toast shown before they mount is kept by the
 * store and appears when they do. Component tests mount them just after the first commit.
 */
function LateNotifications({ env }: { env: 'default' | 'test' }) {
  const [committed, setCommitted] = useState(false)
  const store = useNotifications()
  const [wanted, setWanted] = useState(false)
  if (!wanted && (env === 'test' || store.notifications.length > 0 || store.queue.length > 0)) {
    setWanted(true)
  }
  useEffect(() => startTransition(() => setCommitted(true)), [])
  // Toasts live in one store per module graph, which test files share (`isolate: false`): a test's
  // toasts go with its render, so the next test's alerts are its own.
  useEffect(() => {
    if (env !== 'test') return
    return () => {
      notifications.clean()
      notifications.cleanQueue()
    }
  }, [env])
  return committed && wanted ? (
    <Suspense fallback={null}>
      <ToastAreas />
    </Suspense>
  ) : null
}
