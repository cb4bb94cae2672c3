import { describe, expect, it, vi } from 'vitest'
import { createBuildUpdates, isChunkLoadError, VERSION_STORAGE_KEY } from './build-updates.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

function jsonFetch(answers: Record<string, unknown>) {
  const urls: string[] = []
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    urls.push(url)
    const key = Object.keys(answers).find((k) => url.startsWith(k))
    if (!key) return new Response('no', { status: 404 })
    return Response.json(answers[key])
  })
  return { fetchFn: fetchFn as unknown as typeof fetch, urls }
}

describe('build updates', () => {
  it('reloads once when /version.json differs from the stored version', async () => {
    const storage = memoryStorage({ [VERSION_STORAGE_KEY]: 'v1' })
    const reload = vi.fn()
    const { fetchFn } = jsonFetch({ '/version.json': { version: 'v2' } })
    const updates = createBuildUpdates({ buildId: 'b', base: '/', fetch: fetchFn, storage, reload })
    await updates.checkVersion()
    expect(reload).toHaveBeenCalledOnce()
    expect(storage.getItem(VERSION_STORAGE_KEY)).toBe('v2')
    // After the reload the versions agree: no second reload.
    await updates.checkVersion()
    expect(reload).toHaveBeenCalledOnce()
  })

  it('does not reload on the first visit, only remembers the version', async () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    const { fetchFn } = jsonFetch({ '/version.json': { version: 'v1' } })
    await createBuildUpdates({
      buildId: 'b',
      base: '/',
      fetch: fetchFn,
      storage,
      reload,
    }).checkVersion()
    expect(reload).not.toHaveBeenCalled()
    expect(storage.getItem(VERSION_STORAGE_KEY)).toBe('v1')
  })

  it('polls builds/latest.json under the base with a timestamp and turns stale on a new id', async () => {
    const { fetchFn, urls } = jsonFetch({ '/find/builds/latest.json': { id: 'new' } })
    const updates = createBuildUpdates({
      buildId: 'old',
      base: '/find/',
      fetch: fetchFn,
      storage: memoryStorage(),
    })
    await updates.poll()
    expect(urls[0]).toMatch(/^\/find\/builds\/latest\.json\?t=\d+$/)
    expect(updates.stale).toBe(true)
  })

  it('stays fresh while the id matches, on network errors, and in dev builds', async () => {
    const same = jsonFetch({ '/builds/latest.json': { id: 'b1' } })
    const fresh = createBuildUpdates({ buildId: 'b1', base: '/', fetch: same.fetchFn })
    await fresh.poll()
    expect(fresh.stale).toBe(false)
    const offline = createBuildUpdates({
      buildId: 'b1',
      base: '/',
      fetch: (async () => {
        throw new TypeError('Failed to fetch')
      }) as typeof fetch,
    })
    await offline.poll()
    expect(offline.stale).toBe(false)
    const dev = jsonFetch({ '/builds/latest.json': { id: 'other' } })
    const devUpdates = createBuildUpdates({ buildId: 'dev', base: '/', fetch: dev.fetchFn })
    await devUpdates.poll()
    expect(dev.urls).toEqual([])
  })

  it('turns stale after a chunk-load error', () => {
    const updates = createBuildUpdates({ buildId: 'b', base: '/', fetch: jsonFetch({}).fetchFn })
    updates.chunkFailed()
    expect(updates.stale).toBe(true)
  })

  it('recognises the chunk-load errors of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('nope')).toBe(false)
  })
})
