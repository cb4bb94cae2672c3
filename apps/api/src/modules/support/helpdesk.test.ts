// The helpdesk port: the production type mapping of spec section 3, and the external helpdesk
// adapter against a fake helpdesk on this machine (tickets stay stored when it fails).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index.ts'
import { supportTickets } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { localFileStore } from '../../files/store.ts'
import { httpHelpdesk, supportService } from './index.ts'

let database: Database
let server: Server
let url: string
const received: { headers: IncomingMessage['headers']; body: unknown }[] = []
let answer = { status: 200, body: { id: 'ic-42' } as unknown }

beforeAll(async () => {
  database = await testDatabase()
  server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/helpdesk`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await database.close()
})

const service = (production: boolean, withHelpdesk: boolean, errors: unknown[] = []) =>
  supportService(database.db, {
    files: localFileStore('/nonexistent'),
    production,
    publicUrl: 'http://bonds.test',
    profileOf: async () => undefined,
    ...(withHelpdesk ? { helpdesk: httpHelpdesk({ url, token: 'secret-token' }) } : {}),
    onForwardError: (error) => errors.push(error),
  })

const rowOf = async (id: number) =>
  (await database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]

describe('the helpdesk type ids (spec section 3)', () => {
  it('maps 1→1, 2→6, 3→5, 4→8 in production, and keeps the id otherwise', async () => {
    const production = service(true, false)
    const development = service(false, false)
    const ticket = (id: number) => ({
      ticket_type_id: id,
      contacts: [],
      ticket_attributes: { form_type: id === 4 ? 'REQUEST_ACCESS' : null },
    })
    const mapped = []
    const asIs = []
    for (const id of [1, 2, 3, 4]) {
      mapped.push((await production.createTicket(null, ticket(id))).provider_type_id)
      asIs.push((await development.createTicket(null, ticket(id))).provider_type_id)
    }
    expect(mapped).toEqual([1, 6, 5, 8])
    expect(asIs).toEqual([1, 2, 3, 4])
  })
})

describe('the external helpdesk adapter', () => {
  it('hands a stored ticket over with its provider id, contacts and files, and keeps its id', async () => {
    received.length = 0
    answer = { status: 200, body: { id: 'ic-42' } }
    const ticket = await service(true, true).createTicket(null, {
      ticket_type_id: 3,
      contacts: [{ email: 'asker@demo.test', name: 'Asker' }],
      ticket_attributes: {
        title: 'How is accrued interest computed?',
        attachments: ['http://bonds.test/ext/public/files/x.png'],
      },
    })
    expect(received).toHaveLength(1)
    expect(received[0]?.headers.authorization).toBe('Bearer secret-token')
    expect(received[0]?.body).toMatchObject({
      ticket_type_id: 5,
      contacts: [{ email: 'asker@demo.test' }],
      ticket_attributes: {
        _default_title_: 'How is accrued interest computed?',
        attachments: ['http://bonds.test/ext/public/files/x.png'],
        external_reference: String(ticket.id),
      },
    })
    expect(await rowOf(ticket.id)).toMatchObject({
      helpdesk: 'http',
      externalId: 'ic-42',
      forwardError: null,
      attachments: ['http://bonds.test/ext/public/files/x.png'],
    })
  })

  it('keeps the ticket stored, and says why, when the helpdesk fails', async () => {
    answer = { status: 503, body: { error: 'down' } }
    const errors: unknown[] = []
    const ticket = await service(false, true, errors).createTicket(null, {
      ticket_type_id: 2,
      contacts: [],
      ticket_attributes: { text: 'Great' },
    })
    expect(errors).toHaveLength(1)
    expect(await rowOf(ticket.id)).toMatchObject({
      helpdesk: 'http',
      externalId: null,
      forwardError: expect.stringContaining('503'),
    })
  })

  it('calls nothing outside when no helpdesk is configured', async () => {
    received.length = 0
    await service(false, false).createTicket(null, {
      ticket_type_id: 2,
      contacts: [],
      ticket_attributes: {},
    })
    expect(received).toHaveLength(0)
  })
})
