// WhatsApp-linked channels (decision 279) with a local fake of the Cloud API: operators link a
// group to a number, members' messages go to it (nothing stored when WhatsApp fails), Meta's GET
// handshake answers the challenge for the verify token alone, signed inbound messages are posted
// in the linked channel once each, and the channel carries is_whatsapp_linked_channel.
import { createHmac } from 'node:crypto'
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../../../testing/fake-http-server.ts'
import { startChatApp, type ChatTestApp } from '../testing.ts'

const SECRET = 'meta-app-secret'
const NUMBER = '919812345678'
let fake: FakeServer
let failing = false
let t: ChatTestApp
let group: ChatChannel

beforeAll(async () => {
  fake = await startFakeServer(() =>
    failing
      ? { status: 500, body: { error: { message: 'temporarily unavailable' } } }
      : { body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.out' }] } },
  )
  t = await startChatApp({
    env: {
      WHATSAPP_PHONE_NUMBER_ID: '1055',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_URL: fake.url,
    },
  })
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  group = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'group',
      name: 'Client desk',
      invitedUserIds: [t.id.broker],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${group.url}/accept/`)
})

afterAll(async () => {
  await t.close()
  await fake.close()
})

const messagesOf = async (who: string) =>
  (await t.call(who, 'GET', `/api/chat/channels/${group.url}/messages/`)).json()
    .messages as ChatMessage[]

describe('linking', () => {
  it('lets an operator link a group to a number, once per number', async () => {
    const path = `/api/chat/channels/${group.url}/whatsapp/`
    const notOperator = await t.call('broker', 'PUT', path, { number: `+${NUMBER}` })
    expect(notOperator.statusCode).toBe(403)
    const badNumber = await t.call('dealer', 'PUT', path, { number: '98123' })
    expect(badNumber.statusCode).toBe(400)
    expect(badNumber.json().fields).toHaveProperty('number')
    const linked = await t.call('dealer', 'PUT', path, { number: `+${NUMBER}` })
    expect(linked.statusCode).toBe(200)
    expect(linked.json().is_whatsapp_linked_channel).toBe(true)
    const listed = (await t.call('broker', 'GET', '/api/chat/channels/')).json()
      .channels as ChatChannel[]
    expect(listed.find((c) => c.url === group.url)?.is_whatsapp_linked_channel).toBe(true)

    const other = (
      await t.call('dealer', 'POST', '/api/chat/channels/', {
        customType: 'group',
        invitedUserIds: [t.id.broker],
      })
    ).json()
    const taken = await t.call('dealer', 'PUT', `/api/chat/channels/${other.url}/whatsapp/`, {
      number: NUMBER,
    })
    expect(taken.json()).toMatchObject({
      message: 'This number is already linked to another channel',
    })
    const direct = (
      await t.call('dealer', 'POST', '/api/chat/channels/', {
        customType: 'direct',
        invitedUserIds: [t.id.broker],
        isDistinct: true,
      })
    ).json()
    const wrongType = await t.call('dealer', 'PUT', `/api/chat/channels/${direct.url}/whatsapp/`, {
      number: '919800000001',
    })
    expect(wrongType.statusCode).toBe(400)
    const unlinked = await t.call('dealer', 'DELETE', `/api/chat/channels/${other.url}/whatsapp/`)
    expect(unlinked.json().is_whatsapp_linked_channel).toBe(false)
  })
})

describe('outbound', () => {
  it('sends a member’s message to the number with the sender’s name', async () => {
    const before = fake.requests.length
    const sent = await t.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-1',
      message: 'Bid 7.05 for 10 cr',
    })
    expect(sent.statusCode).toBe(201)
    const request = fake.requests[before]!
    expect(request.path).toBe('/1055/messages')
    expect(request.headers.authorization).toBe('Bearer wa-token')
    expect(JSON.parse(request.body)).toMatchObject({
      messaging_product: 'whatsapp',
      to: NUMBER,
      type: 'text',
      text: { body: 'Bharat Broker: Bid 7.05 for 10 cr' },
    })
    // A retry of the same reqId is not sent twice.
    await t.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-1',
      message: 'Bid 7.05 for 10 cr',
    })
    expect(fake.requests.length).toBe(before + 1)
  })

  it('stores nothing when WhatsApp fails', async () => {
    failing = true
    const sent = await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-2',
      message: 'Will it arrive?',
    })
    failing = false
    expect(sent.statusCode).toBe(502)
    expect(sent.json().message).toBe('WhatsApp could not deliver the message; try again')
    expect((await messagesOf('dealer')).some((m) => m.reqId === 'wa-out-2')).toBe(false)
  })
})

describe('inbound', () => {
  const hook = (raw: string, signature?: string) =>
    t.raw(null, {
      method: 'POST',
      url: '/ext/chat/whatsapp/webhook/',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
    })
  const sign = (raw: string, secret = SECRET) =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`
  const inbound = (id: string, from: string, text: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: '1055' },
                contacts: [{ wa_id: from, profile: { name: 'Ravi Treasury' } }],
                messages: [
                  { from, id, timestamp: '1764200000', type: 'text', text: { body: text } },
                ],
              },
            },
          ],
        },
      ],
    })

  it('answers Meta’s handshake for the verify token alone', async () => {
    const ask = (token: string) =>
      t.call(
        null,
        'GET',
        `/ext/chat/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      )
    const ok = await ask('verify-me')
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect((await ask('guess')).statusCode).toBe(400)
  })

  it('posts signed messages from a linked number in its channel, once each', async () => {
    const raw = inbound('wamid.in.1', NUMBER, 'Need 25 cr 7.26 GS 2032, offer?')
    expect((await hook(raw)).statusCode).toBe(401)
    expect((await hook(raw, sign(raw, 'other-secret'))).statusCode).toBe(401)
    expect((await hook(raw, sign(raw))).json()).toEqual({ stored: 1, ignored: 0 })
    expect((await hook(raw, sign(raw))).json()).toEqual({ stored: 0, ignored: 1 })
    const stranger = inbound('wamid.in.2', '919800000009', 'hello?')
    expect((await hook(stranger, sign(stranger))).json()).toEqual({ stored: 0, ignored: 1 })
    const seen = (await messagesOf('broker')).filter((m) => m.customType === 'whatsapp')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ message: 'Need 25 cr 7.26 GS 2032, offer?', sender: null })
    expect(JSON.parse(seen[0]!.data)).toMatchObject({ from: NUMBER, name: 'Ravi Treasury' })
  })
})
