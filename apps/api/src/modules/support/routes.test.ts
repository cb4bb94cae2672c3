// Support on the real app with the demo accounts: tickets under ext/ (the access-request rule of
// decision 086, strict bodies, attachments), the upload and its refusals, the firm's list for its
// Ops Admin, and client error reports with the user context.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { clientErrors, supportTickets, users } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { as, signIn } from '../auth/testing.ts'

let app: FastifyInstance
let database: Database
let dataDir: string
let admin: string
let dealer: string
let broker: string

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'support-test-'))
  database = await testDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'support-test-secret',
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_URL: 'http://bonds.test',
      DATA_DIR: dataDir,
    }),
    { web: false, database, universe: false, demoMarket: false, demoChat: false },
  )
  await app.ready()
  admin = (await signIn(app, 'opsadmin@demo.test')).access
  dealer = (await signIn(app, 'dealer@demo.test')).access
  broker = (await signIn(app, 'broker@demo.test')).access
})

afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A multipart body with one file in `field`. */
async function multipart(bytes: Uint8Array, type: string, name = 'shot.png', field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([bytes], { type }), name)
  const request = new Request('http://x/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  }
}

async function upload(token: string | null, bytes: Uint8Array, type: string, field = 'file') {
  const body = await multipart(bytes, type, 'shot', field)
  return as(app, token, { method: 'POST', url: '/ext/public/upload/', ...body })
}

const ticket = (token: string | null, payload: Record<string, unknown>) =>
  as(app, token, { method: 'POST', url: '/ext/tickets/', payload })

describe('access requests (decision 086)', () => {
  const accessRequest = (token: string | null, form_type: string) =>
    ticket(token, { ticket_type_id: 4, ticket_attributes: { form_type, page: '/inventory' } })
  const openRequests = async (formType: string) =>
    (await database.db.select().from(supportTickets)).filter(
      (row) =>
        row.ticketTypeId === 4 &&
        row.closedAt === null &&
        (row.attributes as { form_type?: string }).form_type === formType,
    )

  it('stores an access request with its helpdesk type and the caller’s firm', async () => {
    const response = await accessRequest(dealer, 'INVENTORY_ACCESS')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      ticket_type_id: 4,
      provider_type_id: 4,
      already_requested: false,
    })
    const [row] = await openRequests('INVENTORY_ACCESS')
    expect(row?.userId).toBeTruthy()
    expect(row?.clientId).toBeTruthy()
    expect(row?.helpdesk).toBe('embedded')
  })

  it('answers a second request for the same feature with the open one; racing clicks file one', async () => {
    const first = (await accessRequest(dealer, 'INVENTORY_ACCESS')).json()
    const again = await accessRequest(dealer, 'INVENTORY_ACCESS')
    expect(again.json()).toEqual({ ...first, already_requested: true })
    const racing = await Promise.all([
      accessRequest(admin, 'LIVE_MARKET_UPGRADE'),
      accessRequest(admin, 'LIVE_MARKET_UPGRADE'),
    ])
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1)
    expect(await openRequests('LIVE_MARKET_UPGRADE')).toHaveLength(1)
  })

  it('files again once the first is closed', async () => {
    const first = (await accessRequest(dealer, 'DEPTH_FEATURE')).json()
    await database.db
      .update(supportTickets)
      .set({ closedAt: new Date() })
      .where(eq(supportTickets.id, first.id))
    const reopened = (await accessRequest(dealer, 'DEPTH_FEATURE')).json()
    expect(reopened.already_requested).toBe(false)
    expect(reopened.id).not.toBe(first.id)
  })

  it('needs an access request to name a known feature; other tickets may repeat', async () => {
    const missing = await ticket(dealer, { ticket_type_id: 4, ticket_attributes: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields).toEqual({
      'ticket_attributes.form_type': 'Form type is required',
    })
    const issue = { ticket_type_id: 1, ticket_attributes: { description: 'Chart is blank' } }
    const one = (await ticket(dealer, issue)).json()
    const two = (await ticket(dealer, issue)).json()
    expect(two.id).not.toBe(one.id)
  })
})

describe('ticket bodies', () => {
  it('refuses unknown fields, naming them, at the top and in a contact', async () => {
    const top = await ticket(null, { ticket_type_id: 3, priority: 'high' })
    expect(top.statusCode).toBe(400)
    expect(top.json().fields).toEqual({ non_field_errors: 'Unknown field: priority' })
    const contact = await ticket(null, {
      ticket_type_id: 3,
      contacts: [{ email: 'a@b.test', phone: '1' }],
    })
    expect(contact.statusCode).toBe(400)
    expect(contact.json().fields).toEqual({ 'contacts.0': 'Unknown field: phone' })
  })

  it('takes attachments only as this product’s upload URLs', async () => {
    const bad = await ticket(dealer, {
      ticket_type_id: 1,
      ticket_attributes: { attachments: ['https://elsewhere.test/x.png'] },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toEqual({
      'ticket_attributes.attachments': 'Attachments are files uploaded through ext/public/upload/',
    })
  })
})

describe('uploads', () => {
  it('stores a PNG and serves it back at its URL', async () => {
    const response = await upload(dealer, PNG, 'image/png')
    expect(response.statusCode).toBe(200)
    const url = response.json().file_url as string
    expect(url).toMatch(/^http:\/\/bonds\.test\/ext\/public\/files\/[0-9a-f-]{36}\.png$/)
    const read = await app.inject({ method: 'GET', url: url.replace('http://bonds.test', '') })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/png')
    expect(read.rawPayload.equals(PNG)).toBe(true)
    const missing = await app.inject({
      method: 'GET',
      url: '/ext/public/files/00000000-0000-4000-8000-000000000000.png',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('takes plain text and a PDF; signed out too', async () => {
    expect((await upload(null, Buffer.from('steps: 1, 2'), 'text/plain')).statusCode).toBe(200)
    expect((await upload(null, Buffer.from('%PDF-1.4\n%%EOF'), 'application/pdf')).statusCode).toBe(
      200,
    )
  })

  it('refuses, in words and with a 400, what it cannot store', async () => {
    const cases: [Promise<{ statusCode: number; json(): { fields: unknown } }>, string][] = [
      [
        upload(dealer, Buffer.from('<svg/>'), 'image/svg+xml'),
        'Only PNG, JPEG, WebP, PDF or plain-text files can be uploaded',
      ],
      [upload(dealer, Buffer.alloc(0), 'image/png'), 'The file is empty'],
      [
        upload(dealer, Buffer.from('not a png'), 'image/png'),
        'The file’s content does not match its type',
      ],
      [
        upload(dealer, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'text/plain'),
        'The file is larger than 5 MB',
      ],
      [
        upload(dealer, PNG, 'image/png', 'screenshot'),
        'Choose a file to upload in the field "file"',
      ],
      [
        as(app, dealer, { method: 'POST', url: '/ext/public/upload/', payload: { file: 'x' } }),
        'Send the file as multipart/form-data in the field "file"',
      ],
    ]
    for (const [pending, message] of cases) {
      const response = await pending
      expect(response.statusCode, message).toBe(400)
      expect(response.json().fields).toEqual({ file: message })
    }
  })
})

describe('the firm’s tickets', () => {
  it('lists a report with its screenshot to the firm’s Ops Admin only', async () => {
    const shot = (await upload(dealer, PNG, 'image/png')).json().file_url as string
    const filed = await ticket(dealer, {
      ticket_type_id: 1,
      contacts: [{ email: 'dealer@demo.test', name: 'Dev Dealer' }],
      ticket_attributes: {
        context: 'pricing_cashflow',
        issues: 'Price/yield seems incorrect',
        attachments: [shot],
      },
    })
    expect(filed.statusCode).toBe(200)
    const other = await ticket(broker, { ticket_type_id: 2, ticket_attributes: { text: 'Nice' } })
    expect(other.statusCode).toBe(200)

    const list = await as(app, admin, { method: 'GET', url: '/api/support/tickets/' })
    expect(list.statusCode).toBe(200)
    const ids = list.json().results.map((t: { id: number }) => t.id)
    expect(ids).toContain(filed.json().id)
    expect(ids).not.toContain(other.json().id)
    const [first] = list.json().results
    expect(first).toMatchObject({
      id: filed.json().id,
      type_label: 'Report issue',
      raised_by: { name: 'Dev Dealer', email: 'dealer@demo.test' },
      attachments: [shot],
      ticket_attributes: { context: 'pricing_cashflow' },
      helpdesk: { name: 'embedded', external_id: null },
    })
    const refused = await as(app, dealer, { method: 'GET', url: '/api/support/tickets/' })
    expect(refused.statusCode).toBe(403)
  })
})

describe('every firm’s tickets, for the product’s staff', () => {
  it('lists every firm’s and the signed-out ones, with their firm; one firm’s on request', async () => {
    const ours = await ticket(dealer, { ticket_type_id: 2, ticket_attributes: { text: 'Ours' } })
    const theirs = await ticket(broker, {
      ticket_type_id: 2,
      ticket_attributes: { text: 'Theirs' },
    })
    const anonymous = await ticket(null, {
      ticket_type_id: 3,
      contacts: [{ email: 'asha@alpha.test', name: 'Asha Rao' }],
      ticket_attributes: { form_type: 'CONTACT_FORM', description: 'Onboard us' },
    })
    const url = '/api/support/tickets/all/'
    // Roles do not open it: not even the firm's Ops Admin.
    expect((await as(app, admin, { method: 'GET', url })).statusCode).toBe(403)
    await database.db
      .update(users)
      .set({ isStaff: true })
      .where(eq(users.email, 'researcher@demo.test'))
    const staff = (await signIn(app, 'researcher@demo.test')).access
    const all = await as(app, staff, { method: 'GET', url: `${url}?page_size=100` })
    expect(all.statusCode).toBe(200)
    const byId = new Map(all.json().results.map((t: { id: number }) => [t.id, t]))
    expect(byId.get(ours.json().id)).toMatchObject({ client: { name: 'Demo Capital' } })
    expect(byId.get(theirs.json().id)).toMatchObject({ client: { name: 'Demo Securities' } })
    expect(byId.get(anonymous.json().id)).toMatchObject({ client: null, raised_by: null })
    // One firm's: the broker's.
    const brokerFirm = (byId.get(theirs.json().id) as { client: { id: string } }).client.id
    const one = await as(app, staff, { method: 'GET', url: `${url}?client_id=${brokerFirm}` })
    expect(one.json().results.map((t: { client: { id: string } }) => t.client.id)).toEqual(
      one.json().results.map(() => brokerFirm),
    )
    expect(one.json().count).toBeGreaterThan(0)
    // A misspelt query field is named, not ignored.
    const typo = await as(app, staff, { method: 'GET', url: `${url}?clientid=x` })
    expect(typo.statusCode).toBe(400)
    expect(typo.body).toContain('clientid')
    // Taken back: refused again.
    await database.db
      .update(users)
      .set({ isStaff: false })
      .where(eq(users.email, 'researcher@demo.test'))
    expect((await as(app, staff, { method: 'GET', url })).statusCode).toBe(403)
  })
})

describe('client error reports', () => {
  const report = (token: string | null, payload: Record<string, unknown>) =>
    as(app, token, { method: 'POST', url: '/ext/public/client-errors/', payload })

  it('stores the user context when signed in, none when not', async () => {
    const signedIn = await report(dealer, {
      message: 'boom',
      url: '/security/IN1',
      source: 'render',
    })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user).toEqual({
      'user-id': expect.any(String),
      'user-name': 'Dev Dealer',
      'client-name': 'Demo Capital',
      url: '/security/IN1',
    })
    const [row] = await database.db
      .select()
      .from(clientErrors)
      .where(eq(clientErrors.id, signedIn.json().id))
    expect(row).toMatchObject({
      userName: 'Dev Dealer',
      clientName: 'Demo Capital',
      source: 'render',
    })
    const anonymous = await report(null, { message: 'boom', url: '/find' })
    expect(anonymous.json().user).toBeNull()
  })

  it('bounds sizes and fields, and rate-limits a loop', async () => {
    const long = await report(dealer, { message: 'x'.repeat(2001), url: '/find' })
    expect(long.statusCode).toBe(400)
    expect(Object.keys(long.json().fields)).toEqual(['message'])
    const unknown = await report(dealer, { message: 'x', url: '/find', user_id: 'someone' })
    expect(unknown.statusCode).toBe(400)
    const statuses = []
    for (let i = 0; i < 22; i += 1) {
      statuses.push((await report(broker, { message: `loop ${i}`, url: '/dart' })).statusCode)
    }
    expect(statuses).toContain(429)
  })
})
