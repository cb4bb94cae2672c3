import '@fontsource/inter/400.css'
import '@fontsource/inter/600.css'
import '@fontsource/jetbrains-mono/400.css'
import { MantineProvider } from '@mantine/core'
import { notifications, useNotifications } from '@mantine/notifications'
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import { LoadFailed } from '../routing/error-screen-slot.tsx'
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts'

type ToastAreasModule = { default: ComponentType }

/**
 * A module fetched once and kept; a failed fetch (the network is down) is forgotten, so the next
 * call fetches again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null
      throw error
    })
    return pending
  }
}

type LazyAreas = ReturnType<typeof lazy<ComponentType>>
const lazyAreas = new WeakMap<
  () => Promise<ToastAreasModule>,
  { Areas: LazyAreas; failed: boolean }
>()

/**
 * The areas' lazy component for a loader: one for every mount (a loaded one renders at once), a
 * new one after a failed fetch (React keeps a failed lazy component's error).
 */
function areasOf(load: () => Promise<ToastAreasModule>): LazyAreas {
  const known = lazyAreas.get(load)
  if (known && !known.failed) return known.Areas
  const entry = {
    failed: false,
    Areas: lazy(() =>
      load().catch((error: unknown) => {
        entry.failed = true
        throw error
      }),
    ),
  }
  lazyAreas.set(load, entry)
  return entry.Areas
}

const loadToastAreas = loadOnce<ToastAreasModule>(() => import('../toast/toast-areas.tsx'))

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
      <LateNotifications env={env} load={loadToastAreas} />
      {children}
    </MantineProvider>
  )
}

/**
 * The toast areas, loaded and mounted when the first toast is shown (their code is in no page's
 * first load, issue 21), and never in the page's first commit: mounting them costs a portal and
 * six transition groups rendered again at once. A toast shown before they mount is kept by the
 * store and appears when they do. Component tests mount them just after the first commit.
 *
 * Their code is fetched at the user's first key or pointer press, so a toast first shown offline
 * ("You are offline") still has it. Code that cannot be fetched leaves the page as it is (no
 * toast rather than a blank page) and is fetched again when the browser is back online.
 */
export function LateNotifications({
  env,
  load,
}: {
  env: 'default' | 'test'
  load: () => Promise<ToastAreasModule>
}) {
  const [committed, setCommitted] = useState(false)
  const store = useNotifications()
  const [wanted, setWanted] = useState(false)
  const [attempt, setAttempt] = useState(0)
  if (!wanted && (env === 'test' || store.notifications.length > 0 || store.queue.length > 0)) {
    setWanted(true)
  }
  useEffect(() => startTransition(() => setCommitted(true)), [])
  useEffect(() => {
    const early = () => {
      document.removeEventListener('pointerdown', early, true)
      document.removeEventListener('keydown', early, true)
      load().catch(() => undefined)
    }
    document.addEventListener('pointerdown', early, true)
    document.addEventListener('keydown', early, true)
    const online = () => setAttempt((n) => n + 1)
    window.addEventListener('online', online)
    return () => {
      document.removeEventListener('pointerdown', early, true)
      document.removeEventListener('keydown', early, true)
      window.removeEventListener('online', online)
    }
  }, [load])
  // Toasts live in one store per module graph, which test files share (`isolate: false`): a test's
  // toasts go with its render, so the next test's alerts are its own.
  useEffect(() => {
    if (env !== 'test') return
    return () => {
      notifications.clean()
      notifications.cleanQueue()
    }
  }, [env])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is what asks again after a failure
  const ToastAreas = useMemo(() => areasOf(load), [load, attempt])
  return committed && wanted ? (
    <LoadFailed key={attempt} fallback={null}>
      <Suspense fallback={null}>
        <ToastAreas />
      </Suspense>
    </LoadFailed>
  ) : null
}
