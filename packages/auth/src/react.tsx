// React access to the session.
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import type { Session, SessionState } from './session.ts'

const SessionContext = createContext<Session | null>(null)

/** Provide an app's session to its pages. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>
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
  return useSyncExternalStore(session.subscribe, session.get, session.get)
}
