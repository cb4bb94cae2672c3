// A production install can onboard its first firm: the command creates the client and invites its
// Ops Admin, who registers from the link, signs in and can invite the firm's people.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { clients, outbox } from '../db/schema.ts'
import { testDatabase } from '../db/testing.ts'
import { as, signIn } from '../modules/auth/testing.ts'
import { onboardFirmCommand } from './onboard-firm.ts'

let database: Database
let dataDir: string
const config = () =>
  readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'onboarding-test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://bonds.example.in',
  })

beforeAll(async () => {
  database = await testDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'bonds-onboard-'))
})

afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const ACME = [
  '--name',
  'Acme Capital',
  '--type',
  'CORP',
  '--tier',
  'PREMIUM',
  '--rfq',
  'NSE,BSE',
  '--admin-email',
  'Ops@Acme.example.in',
  '--admin-first-name',
  'Asha',
  '--admin-last-name',
  'Admin',
]

async function run(argv: string[]) {
  const lines: string[] = []
  const code = await onboardFirmCommand(argv, config(), {
    database,
    print: (line) => lines.push(line),
  })
  return { code, output: lines.join('\n') }
}

describe('onboard-firm', () => {
  it('creates the firm and invites its Ops Admin, who registers, signs in and invites', async () => {
    const { code, output } = await run(ACME)
    expect(code).toBe(0)
    expect(output).toContain('onboarded "Acme Capital"')
    const link = /give the Ops Admin this link: (\S+)/.exec(output)?.[1] ?? ''
    expect(link).toMatch(/^https:\/\/bonds\.example\.in\/client\/register\?invite_code=/)
    const [firm] = await database.db.select().from(clients).where(eq(clients.name, 'Acme Capital'))
    expect(firm).toMatchObject({
      clientType: 'CORP',
      tier: 'PREMIUM',
      rfqExchanges: ['NSE', 'BSE'],
    })
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'ops@acme.example.in'))
    expect(mail?.body).toContain(link)

    const app = await buildApp(config(), { web: false, database })
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/client/register/',
        payload: {
          invite_code: new URL(link).searchParams.get('invite_code'),
          auth_mode: 'password',
          pan: 'AAACA1234C',
          password: 'FirstFirm2026',
          identity: { first_name: 'Asha', last_name: 'Admin' },
          client_type: 'CORP',
          corporate_identity: null,
          contact: { email: 'ops@acme.example.in', mobile: '9876500001', whatsapp_consent: false },
        },
      })
      expect(registered.statusCode, registered.body).toBe(200)
      const { access } = await signIn(app, 'ops@acme.example.in', 'FirstFirm2026')
      const me = (await as(app, access, { method: 'GET', url: '/api/session/' })).json()
      expect(me.user_info.roles).toEqual(['clientopsadmin'])
      expect(me.name).toBe('Acme Capital')
      const invited = await as(app, access, {
        method: 'POST',
        url: '/api/client/user/invite/',
        payload: { email: 'dealer@acme.example.in', roles: ['clientdealer'] },
      })
      expect(invited.statusCode, invited.body).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('refuses a firm already onboarded and an e-mail already in use, creating nothing', async () => {
    const before = await database.db.$count(clients)
    const again = await run(ACME.map((arg) => (arg === 'Acme Capital' ? 'ACME capital' : arg)))
    expect(again).toMatchObject({ code: 1 })
    expect(again.output).toContain('A firm named "ACME capital" is already onboarded')
    const registeredAlready = await run(
      ACME.map((arg) => (arg === 'Acme Capital' ? 'Third Firm' : arg)).map((arg) =>
        arg === 'Ops@Acme.example.in' ? 'ops@acme.example.in' : arg,
      ),
    )
    expect(registeredAlready).toMatchObject({ code: 1 })
    expect(registeredAlready.output).toContain('An account with this e-mail already exists')
    expect(await database.db.$count(clients)).toBe(before)
  })

  it('says what is wrong with the arguments', async () => {
    expect(await run(['--nme', 'x'])).toMatchObject({ code: 2 })
    expect((await run(['--nme', 'x'])).output).toContain('usage: main.js onboard-firm')
    const badTier = await run(ACME.map((arg) => (arg === 'PREMIUM' ? 'GOLD' : arg)))
    expect(badTier.code).toBe(1)
    expect(badTier.output).toContain('tier: Tier is one of BASIC, PREMIUM')
    const badEmail = await run(ACME.map((arg) => (arg === 'Ops@Acme.example.in' ? 'nope' : arg)))
    expect(badEmail.output).toContain('admin.email: Please enter a valid email address.')
  })
})
