import '@fontsource/inter/400.css'
import '@fontsource/inter/600.css'
import '@fontsource/jetbrains-mono/400.css'
import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts'

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
 * The toast areas, mounted just after the first commit rather than in it: mounting them costs a
 * portal and six transition groups rendered again at once, in the same task as the page's first
 * commit. A toast shown before they mount is kept by the store and appears when they do.
 */
function LateNotifications({ env }: { env: 'default' | 'test' }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => startTransition(() => setMounted(true)), [])
  // Toasts live in one store per module graph, which test files share (`isolate: false`): a test's
  // toasts go with its render, so the next test's alerts are its own.
  useEffect(() => {
    if (env !== 'test') return
    return () => {
      notifications.clean()
      notifications.cleanQueue()
    }
  }, [env])
  return mounted ? <Notifications position="top-right" limit={5} /> : null
}
