// The React binding of the chat session: the session in context, its state through
// useSyncExternalStore, and the runtime that makes one session per signed-in user over the app's
// API client (the local provider by default, Sendbird when the server configured it).
import type { ApiClient, StoreExtra } from '@bonds/api-client'
import { CHAT_SOCKET_PATH, type ChatMe, type ChatSessionToken } from '@bonds/domain'
import { isSoundMuted, toast } from '@bonds/ui-kit'
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { useDispatch } from 'react-redux'
import type { ChatProvider } from '../port.ts'
import { createChatProvider, type ChatProviderConfig } from '../providers/choose.ts'
import {
  createChatSession,
  type ChatNotice,
  type ChatSession,
  type ChatSessionState,
} from '../session/session.ts'
import buzzSound from './assets/buzz.wav'
import receivedSound from './assets/received.wav?no-inline'

const SessionContext = createContext<ChatSession | null>(null)

/** Props of ChatSessionProvider. */
export interface ChatSessionProviderProps {
  session: ChatSession
  children: ReactNode
}

/** Puts a chat session in context for the chat screens below. */
export function ChatSessionProvider({ session, children }: ChatSessionProviderProps) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

/** The chat session in context. */
export function useChatSession(): ChatSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useChatSession needs a ChatSessionProvider above it')
  return session
}

/** The session's state, re-rendering on every change. */
export function useChatState(): ChatSessionState {
  const session = useChatSession()
  return useSyncExternalStore(
    (listener) => {
      const off = session.subscribe(listener)
      return () => void off()
    },
    session.getState,
    session.getState,
  )
}

/** The app's API client, from the store's `extra` (the same client RTK Query calls through). */
export function useApiClient(): ApiClient {
  const dispatch = useDispatch()
  return useMemo(
    () =>
      (
        dispatch as unknown as (
          thunk: (d: unknown, g: unknown, e: StoreExtra) => ApiClient,
        ) => ApiClient
      )((_dispatch, _getState, extra) => extra.api),
    [dispatch],
  )
}

/** The chat socket's URL on this page's origin. */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_SOCKET_PATH}`
}

/** Which provider to start: Sendbird only when the server names an application, else local. */
export function providerConfig(me: Pick<ChatMe, 'provider'>, api: ApiClient): ChatProviderConfig {
  const provider = me.provider
  if (provider?.kind === 'sendbird' && provider.appId)
    return { kind: 'sendbird', appId: provider.appId }
  return { kind: 'local', http: api, socketUrl: chatSocketUrl() }
}

/** Play one of the chat's sounds unless sounds are muted (the setting on /profile). */
export function playChatSound(kind: 'buzz' | 'received'): void {
  if (isSoundMuted() || typeof Audio === 'undefined') return
  try {
    void new Audio(kind === 'buzz' ? buzzSound : receivedSound).play()?.catch(() => undefined)
  } catch {
    // A browser that cannot play audio still shows the message.
  }
}

/** Show a session notice as a toast ("{nickname} declined your request"). */
export function showChatNotice(notice: ChatNotice): void {
  toast.show({ severity: notice.severity, summary: notice.text })
}

/** Options of useChatRuntime. */
export interface ChatRuntimeOptions {
  /** The chat user to start as (the chat profile's `userId`); null waits. */
  userId: string | null
  /** On /surveillance: view only, never mark read. */
  complianceView: boolean
  /** The configured provider (from the chat profile). */
  me: Pick<ChatMe, 'provider'> | null
  /** A provider to use instead (stories and tests). */
  createProvider?: () => ChatProvider | Promise<ChatProvider>
}

/**
 * Starts and disposals of every session of the page, one after another: a session started while
 * another is being disposed (a remount, React's development double effects, a new user) waits for
 * the disposal, whose `remove-sb-session` would otherwise end the new chat session on the server.
 */
let settled: Promise<unknown> = Promise.resolve()
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = settled.then(task, task)
  settled = run.catch(() => {})
  return run
}

/** One session for the signed-in user: started on mount, disposed on unmount or a new user. */
export function useChatRuntime(options: ChatRuntimeOptions): ChatSession {
  const api = useApiClient()
  const latest = useRef(options)
  latest.current = options
  const { complianceView } = options
  const session = useMemo(
    () =>
      createChatSession({
        createProvider: () =>
          latest.current.createProvider?.() ??
          createChatProvider(providerConfig(latest.current.me ?? {}, api)),
        issueToken: async (userId) =>
          (await api.post<ChatSessionToken>('api/issue-sb-session-token', { userId })).token,
        removeSession: async (userId) => {
          await api.delete('api/remove-sb-session', { body: { userId }, silent: true })
        },
        isComplianceView: () => complianceView,
        sounds: { buzz: () => playChatSound('buzz'), received: () => playChatSound('received') },
        notify: showChatNotice,
      }),
    [api, complianceView],
  )
  const { userId } = options
  useEffect(() => {
    if (!userId) return
    void serial(() => session.start(userId)).catch(() => {
      // The state says why (status closed, failure); the screen shows it.
    })
    return () => void serial(() => session.dispose())
  }, [session, userId])
  // Back online: re-initialise the chat when it is missing (spec section 4).
  useEffect(() => {
    const online = () => void session.browserOnline(userId).catch(() => {})
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [session, userId])
  return session
}
