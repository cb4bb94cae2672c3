// Where the access and refresh tokens live. The four apps share one origin, so the browser store
// keeps them in local storage: a sign-in on marketing is seen by dart, and a sign-out in one tab
// reaches every other tab through the `storage` event.

/** The tokens held for the signed-in user (`null`: none). */
export interface SessionTokens {
  access: string | null
  refresh: string | null
}

/** Tokens to store: a sign-in or refresh answer. An absent refresh token clears the held one. */
export interface TokensToStore {
  access: string
  refresh?: string | null
}

/** Storage of the session's tokens, shared by the client, the auth package and the socket. */
export interface TokenStore {
  /** The tokens now (read each time: another tab or app may have changed them). */
  get(): SessionTokens
  /** Replace both tokens (sign-in, refresh). */
  set(tokens: TokensToStore): void
  /** Forget both tokens (sign-out). */
  clear(): void
  /** Call `listener` whenever the tokens change, here or in another tab; returns the unsubscribe. */
  subscribe(listener: (tokens: SessionTokens) => void): () => void
}

/** Local storage keys of the browser token store. */
export const TOKEN_STORAGE_KEYS = {
  access: 'bonds-access-token',
  refresh: 'bonds-refresh-token',
} as const

type Listener = (tokens: SessionTokens) => void

function notifyAll(listeners: Set<Listener>, tokens: SessionTokens): void {
  for (const listener of [...listeners]) listener(tokens)
}

/** A token store in memory: tests, and browsers where local storage is unavailable. */
export function createMemoryTokenStore(initial?: Partial<SessionTokens>): TokenStore {
  let tokens: SessionTokens = { access: initial?.access ?? null, refresh: initial?.refresh ?? null }
  const listeners = new Set<Listener>()
  return {
    get: () => ({ ...tokens }),
    set(next) {
      tokens = { access: next.access, refresh: next.refresh ?? null }
      notifyAll(listeners, { ...tokens })
    },
    clear() {
      tokens = { access: null, refresh: null }
      notifyAll(listeners, { ...tokens })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The parts of `Storage` the store uses. */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The parts of `window` the store listens on for other tabs' changes. */
export type StorageEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

/** Options of the browser token store (all default to the browser's own). */
export interface LocalStorageTokenStoreOptions {
  /** Defaults to `localStorage`; without one the store keeps the tokens in memory. */
  storage?: TokenStorage
  /** Where `storage` events arrive; defaults to `window`. */
  events?: StorageEventSource
  /** Defaults to `TOKEN_STORAGE_KEYS`. */
  keys?: { access: string; refresh: string }
}

function browserStorage(): TokenStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    // Reading `localStorage` throws where the user disabled site data.
    return undefined
  }
}

function browserEvents(): StorageEventSource | undefined {
  return typeof globalThis.addEventListener === 'function' ? globalThis : undefined
}

/**
 * The token store the four apps use: local storage of the one origin, with other tabs' changes
 * delivered to subscribers. Falls back to memory when local storage refuses to work.
 */
export function createLocalStorageTokenStore(
  options: LocalStorageTokenStoreOptions = {},
): TokenStore {
  const storage = options.storage ?? browserStorage()
  const events = options.events ?? browserEvents()
  const keys = options.keys ?? TOKEN_STORAGE_KEYS
  const listeners = new Set<Listener>()
  // The last tokens seen or written, served once local storage stops working.
  let memory: SessionTokens = { access: null, refresh: null }
  let usable = storage !== undefined

  function read(): SessionTokens {
    if (usable && storage) {
      try {
        memory = { access: storage.getItem(keys.access), refresh: storage.getItem(keys.refresh) }
      } catch {
        usable = false
      }
    }
    return { ...memory }
  }

  function write(tokens: SessionTokens): void {
    memory = { ...tokens }
    if (!usable || !storage) return
    try {
      for (const [key, value] of [
        [keys.access, tokens.access],
        [keys.refresh, tokens.refresh],
      ] as const) {
        if (value === null) storage.removeItem(key)
        else storage.setItem(key, value)
      }
    } catch {
      // Quota or privacy settings: keep working from memory for this page.
      usable = false
    }
  }

  const onStorage = (event: Event): void => {
    const { key, storageArea } = event as StorageEvent
    if (key !== null && key !== keys.access && key !== keys.refresh) return
    if (storageArea && storageArea !== storage) return
    notifyAll(listeners, read())
  }

  return {
    get: read,
    set(next) {
      write({ access: next.access, refresh: next.refresh ?? null })
      notifyAll(listeners, read())
    },
    clear() {
      write({ access: null, refresh: null })
      notifyAll(listeners, read())
    },
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        if (!listeners.delete(listener)) return
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage)
      }
    },
  }
}
