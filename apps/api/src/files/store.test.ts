// The local-disk file store: round trip, replace, remove, and keys that cannot leave its folder.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { localFileStore } from './store.ts'

const root = mkdtempSync(join(tmpdir(), 'bonds-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('localFileStore', () => {
  const files = localFileStore(root)

  it('stores, replaces, reads and removes files under its root', async () => {
    expect(await files.get('im/A/one.pdf')).toBeNull()
    await files.put('im/A/one.pdf', Buffer.from('first'))
    await files.put('im/A/one.pdf', Buffer.from('second'))
    expect((await files.get('im/A/one.pdf'))?.toString()).toBe('second')
    expect(readdirSync(join(root, 'im', 'A'))).toEqual(['one.pdf'])
    await files.remove('im/A/one.pdf')
    await files.remove('im/A/one.pdf')
    expect(await files.get('im/A/one.pdf')).toBeNull()
  })

  it('keeps folders and files to the server user whatever the umask (0700, 0600)', async () => {
    await files.put('im/B/two.pdf', Buffer.from('x'))
    expect(statSync(join(root, 'im')).mode & 0o777).toBe(0o700)
    expect(statSync(join(root, 'im', 'B')).mode & 0o777).toBe(0o700)
    expect(statSync(join(root, 'im', 'B', 'two.pdf')).mode & 0o777).toBe(0o600)
  })

  it('refuses keys that would leave its folder', async () => {
    for (const key of ['../x', 'im/../../x', '/etc/passwd', 'im//x', '.hidden', '']) {
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow(/invalid file key/)
    }
  })
})
