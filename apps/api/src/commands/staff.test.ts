// The operator names the product's staff: the `staff` command marks a registered user, who then
// lists every firm's support tickets; `--remove` takes it back; unknown e-mails and bad usage are
// refused with their own exit codes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { auditLog, clients, users } from '../db/schema.ts'
import { testDatabase } from '../db/testing.ts'
import { staffCommand } from './staff.ts'

let database: Database
let dataDir: string
const config = () =>
  readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'staff-test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://bonds.example.in',
  })

beforeAll(async () => {
  database = await testDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'bonds-staff-'))
})

afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function run(argv: string[]) {
  const lines: string[] = []
  const code = await staffCommand(argv, config(), { database, print: (l) => lines.push(l) })
  return { code, output: lines.join('\n') }
}

const isStaff = async (email: string) =>
  (await database.db.select().from(users).where(eq(users.email, email)))[0]?.isStaff

describe('the staff command', () => {
  it('marks a registered user as staff and takes it back, audited', async () => {
    await database.db.insert(clients).values({ id: 'c-bonds', name: 'Bonds', clientType: 'CORP' })
    await database.db
      .insert(users)
      .values({ id: 'u-ops', clientId: 'c-bonds', email: 'ops@bonds.example.in', roles: ['user'] })
    const made = await run(['--email', 'Ops@Bonds.example.in'])
    expect(made).toEqual({
      code: 0,
      output: "ops@bonds.example.in is staff: they read every firm's support tickets",
    })
    expect(await isStaff('ops@bonds.example.in')).toBe(true)
    const removed = await run(['--email', 'ops@bonds.example.in', '--remove'])
    expect(removed.code).toBe(0)
    expect(await isStaff('ops@bonds.example.in')).toBe(false)
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff_changed'))
      .orderBy(auditLog.id)
    expect(entries.map((e) => (e.detail as { to: boolean }).to)).toEqual([true, false])
  })

  it('refuses an unknown e-mail (1) and bad usage (2)', async () => {
    expect(await run(['--email', 'nobody@bonds.example.in'])).toEqual({
      code: 1,
      output: 'not changed: No user has the e-mail nobody@bonds.example.in',
    })
    expect((await run([])).code).toBe(2)
    expect((await run(['--mail', 'x'])).code).toBe(2)
  })
})
