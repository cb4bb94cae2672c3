// React access to the session.
import { ShellAccountProvider, type ShellAccountState } from '@bonds/ui-kit'
import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { routeUserOf, type Session, type SessionState } from './session.ts'

const SessionContext = createContext<Session | null>(null)

/**
 * The state a page renders with at build time and while it hydrates: the session is not known
 * yet (the header shows no account control), so the first render matches the prerendered markup.
 * React renders again with the session's own state right after.
 */
const HYDRATING: SessionState = { status: 'loading', user: null }
const hydrating = () => HYDRATING

/** The shell's view of a session state (the header's account menu, the settings links). */
export function shellAccountOf(state: SessionState): ShellAccountState {
  if (state.status === 'loading') return { status: 'loading' }
  if (!state.user) return { status: 'signed-out' }
  const info = state.user.user_info
  const name = `${info.first_name} ${info.last_name}`.trim()
  return {
    status: 'signed-in',
    account: { name, email: info.email, ...routeUserOf(state.user) },
  }
}

/** Provide an app's session to its pages, and the signed-in account to the shell. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  const state = useSyncExternalStore(session.subscribe, session.get, hydrating)
  const account = useMemo(() => shellAccountOf(state), [state])
  return (
    <SessionContext value={session}>
      <ShellAccountProvider value={account}>{children}</ShellAccountProvider>
    </SessionContext>
  )
}

/** The session object (sign-in, sign-out). */
export function useSessionActions(): Session {
  const session = use(SessionContext)
  if (!session) throw new Error('useSession needs a <SessionProvider>')
  return session
}

/** The session's state, re-rendering on change. */
export function useSession(): SessionState {
  const session = useSessionActions()
  return useSyncExternalStore(session.subscribe, session.get, hydrating)
}
