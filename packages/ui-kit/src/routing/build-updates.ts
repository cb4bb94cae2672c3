// Build updates (spec section 4): a changed `/version.json` reloads the page once; the app polls
// `builds/latest.json` for a newer build; after a newer build is seen or a chunk fails to load,
// the next navigation is a full page load, so the user gets the new build without losing work.

/** Where the last seen `/version.json` version is kept. */
export const VERSION_STORAGE_KEY = 'bonds-version'
/** How often the app asks for the latest build (the spec leaves the value unsaid; decision 083). */
export const BUILD_POLL_INTERVAL_MS = 300_000

/** What the router needs: whether the next navigation should load the page afresh. */
export interface BuildUpdates {
  /** True once a newer build is out or a chunk failed to load. */
  readonly stale: boolean
  /** Compare `/version.json` with the stored version; reloads once when it changed. */
  checkVersion(): Promise<void>
  /** Ask `builds/latest.json` whether a newer build than this one is out. */
  poll(): Promise<void>
  /** A lazily loaded chunk failed: reload on the next navigation. */
  chunkFailed(): void
  /** Check the version, then poll now, on an interval and when the tab is shown again. */
  start(): () => void
}

/** Options of createBuildUpdates. */
export interface BuildUpdatesOptions {
  /** This build's id (`VITE_BUILD_ID`); 'dev' never polls. */
  buildId: string
  /** The app's base path, e.g. `/find/`. */
  base: string
  fetch?: typeof fetch
  storage?: Pick<Storage, 'getItem' | 'setItem'>
  reload?: () => void
  intervalMs?: number
}

/** True for the errors browsers raise when a lazily imported chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  )
}

async function readJson(fetchFn: typeof fetch, url: string): Promise<unknown> {
  const response = await fetchFn(url, { cache: 'no-store', credentials: 'same-origin' })
  if (!response.ok) return null
  return response.json() as Promise<unknown>
}

function field(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : null
}

/** The build-update watcher of one app. Network failures are ignored: the next poll retries. */
export function createBuildUpdates(options: BuildUpdatesOptions): BuildUpdates {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  const storage = options.storage ?? globalThis.localStorage
  const reload = options.reload ?? (() => globalThis.location.reload())
  const interval = options.intervalMs ?? BUILD_POLL_INTERVAL_MS
  let stale = false

  const updates: BuildUpdates = {
    get stale() {
      return stale
    },
    async checkVersion() {
      try {
        const version = field(await readJson(fetchFn, '/version.json'), 'version')
        if (!version) return
        const previous = storage.getItem(VERSION_STORAGE_KEY)
        // Stored before reloading, so the reload happens once.
        storage.setItem(VERSION_STORAGE_KEY, version)
        if (previous !== null && previous !== version) reload()
      } catch {
        // Offline or blocked: nothing to compare.
      }
    },
    async poll() {
      if (options.buildId === 'dev' || stale) return
      try {
        const url = `${options.base}builds/latest.json?t=${Date.now()}`
        const id = field(await readJson(fetchFn, url), 'id')
        if (id && id !== options.buildId) stale = true
      } catch {
        // The next poll retries.
      }
    },
    chunkFailed() {
      stale = true
    },
    start() {
      void updates.checkVersion().then(() => updates.poll())
      const timer = setInterval(() => void updates.poll(), interval)
      const onVisible = () => {
        if (document.visibilityState === 'visible') void updates.poll()
      }
      document.addEventListener('visibilitychange', onVisible)
      return () => {
        clearInterval(timer)
        document.removeEventListener('visibilitychange', onVisible)
      }
    },
  }
  return updates
}
