import { describe, expect, it, vi } from 'vitest'
import {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  TOKEN_STORAGE_KEYS,
} from './tokens.ts'
import type { TokenStorage } from './tokens.ts'

/** Local storage of one origin, shared by the "tabs" of a test. */
class FakeStorage implements TokenStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

/** What another tab's write looks like to this one. */
function storageEvent(key: string | null, storageArea: unknown): Event {
  return Object.assign(new Event('storage'), { key, storageArea })
}

describe('createMemoryTokenStore', () => {
  it('holds, replaces and clears both tokens, telling subscribers', () => {
    const store = createMemoryTokenStore({ access: 'a1' })
    expect(store.get()).toEqual({ access: 'a1', refresh: null })
    const seen = vi.fn()
    const unsubscribe = store.subscribe(seen)
    store.set({ access: 'a2', refresh: 'r2' })
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
    store.set({ access: 'a3' })
    expect(store.get()).toEqual({ access: 'a3', refresh: null })
    store.clear()
    expect(store.get()).toEqual({ access: null, refresh: null })
    expect(seen.mock.calls.map(([tokens]) => tokens)).toEqual([
      { access: 'a2', refresh: 'r2' },
      { access: 'a3', refresh: null },
      { access: null, refresh: null },
    ])
    unsubscribe()
    store.set({ access: 'a4' })
    expect(seen).toHaveBeenCalledTimes(3)
  })

  it('hands out copies', () => {
    const store = createMemoryTokenStore({ access: 'a', refresh: 'r' })
    const tokens = store.get()
    tokens.access = 'changed'
    expect(store.get().access).toBe('a')
  })
})

describe('createLocalStorageTokenStore', () => {
  it('keeps the tokens under the shared keys', () => {
    const storage = new FakeStorage()
    const store = createLocalStorageTokenStore({ storage, events: new EventTarget() })
    store.set({ access: 'a1', refresh: 'r1' })
    expect(storage.items.get(TOKEN_STORAGE_KEYS.access)).toBe('a1')
    expect(storage.items.get('bonds-refresh-token')).toBe('r1')
    store.set({ access: 'a2' })
    expect(storage.items.has(TOKEN_STORAGE_KEYS.refresh)).toBe(false)
    store.clear()
    expect(storage.items.size).toBe(0)
  })

  it('is read fresh, so every app of the origin sees a sign-in at once', () => {
    const storage = new FakeStorage()
    const marketing = createLocalStorageTokenStore({ storage, events: new EventTarget() })
    const dart = createLocalStorageTokenStore({ storage, events: new EventTarget() })
    marketing.set({ access: 'a1', refresh: 'r1' })
    expect(dart.get()).toEqual({ access: 'a1', refresh: 'r1' })
  })

  it('tells subscribers of its own changes', () => {
    const store = createLocalStorageTokenStore({
      storage: new FakeStorage(),
      events: new EventTarget(),
    })
    const seen = vi.fn()
    store.subscribe(seen)
    store.set({ access: 'a1', refresh: 'r1' })
    store.clear()
    expect(seen.mock.calls).toEqual([
      [{ access: 'a1', refresh: 'r1' }],
      [{ access: null, refresh: null }],
    ])
  })

  it("tells subscribers of another tab's sign-out through the storage event", () => {
    const storage = new FakeStorage()
    const window = new EventTarget()
    const store = createLocalStorageTokenStore({ storage, events: window })
    store.set({ access: 'a1', refresh: 'r1' })
    const seen = vi.fn()
    store.subscribe(seen)

    // The other tab clears the tokens; this tab only gets the event.
    storage.items.clear()
    window.dispatchEvent(storageEvent(TOKEN_STORAGE_KEYS.access, storage))
    expect(seen).toHaveBeenLastCalledWith({ access: null, refresh: null })

    // localStorage.clear() elsewhere arrives with key null.
    window.dispatchEvent(storageEvent(null, storage))
    expect(seen).toHaveBeenCalledTimes(2)
  })

  it('ignores other keys and other storage areas', () => {
    const storage = new FakeStorage()
    const window = new EventTarget()
    const store = createLocalStorageTokenStore({ storage, events: window })
    const seen = vi.fn()
    store.subscribe(seen)
    window.dispatchEvent(storageEvent('bonds-color-scheme', storage))
    window.dispatchEvent(storageEvent(TOKEN_STORAGE_KEYS.access, new FakeStorage()))
    expect(seen).not.toHaveBeenCalled()
  })

  it('listens to the window only while someone subscribes', () => {
    const window = new EventTarget()
    const add = vi.spyOn(window, 'addEventListener')
    const remove = vi.spyOn(window, 'removeEventListener')
    const store = createLocalStorageTokenStore({ storage: new FakeStorage(), events: window })
    const first = store.subscribe(() => undefined)
    const second = store.subscribe(() => undefined)
    expect(add).toHaveBeenCalledTimes(1)
    first()
    first()
    expect(remove).not.toHaveBeenCalled()
    second()
    expect(remove).toHaveBeenCalledTimes(1)
  })

  it('keeps working in memory when local storage refuses', () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
    }
    const store = createLocalStorageTokenStore({ storage: broken, events: new EventTarget() })
    expect(store.get()).toEqual({ access: null, refresh: null })
    store.set({ access: 'a1', refresh: 'r1' })
    expect(store.get()).toEqual({ access: 'a1', refresh: 'r1' })
    store.clear()
    expect(store.get()).toEqual({ access: null, refresh: null })
  })

  it('works in memory where there is no local storage (node)', () => {
    const store = createLocalStorageTokenStore()
    store.set({ access: 'a1' })
    expect(store.get()).toEqual({ access: 'a1', refresh: null })
  })
})

describe('edges of the browser store', () => {
  it('starts empty without initial tokens', () => {
    expect(createMemoryTokenStore().get()).toEqual({ access: null, refresh: null })
  })

  it("uses the browser's local storage and window by default", () => {
    const storage = new FakeStorage()
    const add = vi.fn()
    const remove = vi.fn()
    vi.stubGlobal('localStorage', storage)
    vi.stubGlobal('addEventListener', add)
    vi.stubGlobal('removeEventListener', remove)
    try {
      const store = createLocalStorageTokenStore()
      store.set({ access: 'a1', refresh: 'r1' })
      expect(storage.items.get(TOKEN_STORAGE_KEYS.access)).toBe('a1')
      storage.setItem(TOKEN_STORAGE_KEYS.refresh, 'r2')
      expect(store.get()).toEqual({ access: 'a1', refresh: 'r2' })
      const unsubscribe = store.subscribe(() => undefined)
      expect(add).toHaveBeenCalledWith('storage', expect.any(Function))
      unsubscribe()
      expect(remove).toHaveBeenCalledWith('storage', add.mock.calls[0]![1])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('keeps working in memory where reading localStorage itself throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    try {
      const store = createLocalStorageTokenStore({ events: new EventTarget() })
      store.set({ access: 'a1', refresh: 'r1' })
      expect(store.get()).toEqual({ access: 'a1', refresh: 'r1' })
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
      else Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })

  it('stops using local storage once a read fails: later tokens stay in memory', () => {
    const storage = new FakeStorage()
    let failing = true
    const flaky: TokenStorage = {
      getItem: (key) => {
        if (failing) throw new DOMException('denied', 'SecurityError')
        return storage.getItem(key)
      },
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
    }
    const store = createLocalStorageTokenStore({ storage: flaky, events: new EventTarget() })
    expect(store.get()).toEqual({ access: null, refresh: null })
    failing = false
    store.set({ access: 'a1', refresh: 'r1' })
    expect(storage.items.size).toBe(0)
    storage.setItem(TOKEN_STORAGE_KEYS.access, 'other')
    expect(store.get()).toEqual({ access: 'a1', refresh: 'r1' })
  })

  it('stops using local storage once a write fails: reads come from memory', () => {
    const storage = new FakeStorage()
    storage.setItem(TOKEN_STORAGE_KEYS.access, 'stale')
    const full: TokenStorage = {
      getItem: (key) => storage.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: (key) => storage.removeItem(key),
    }
    const store = createLocalStorageTokenStore({ storage: full, events: new EventTarget() })
    store.set({ access: 'a1', refresh: 'r1' })
    expect(store.get()).toEqual({ access: 'a1', refresh: 'r1' })
  })

  it('tells subscribers when another tab changes only the refresh token', () => {
    const storage = new FakeStorage()
    const window = new EventTarget()
    const store = createLocalStorageTokenStore({ storage, events: window })
    const seen = vi.fn()
    store.subscribe(seen)
    storage.setItem(TOKEN_STORAGE_KEYS.refresh, 'r9')
    window.dispatchEvent(storageEvent(TOKEN_STORAGE_KEYS.refresh, storage))
    expect(seen).toHaveBeenCalledWith({ access: null, refresh: 'r9' })
  })
})
