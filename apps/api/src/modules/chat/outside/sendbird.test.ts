// Sendbird configured (decision 275): the chat profile names the application, session tokens come
// from the Platform API (a local fake server here), and signed webhooks mirror messages into the
// store the download reads; unsigned or wrongly signed calls are refused, doubled ones stored once.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readChatConfig } from '../../../config-chat.ts'
import { startChatApp, type ChatTestApp } from '../testing.ts'
import { startFakeServer, type FakeServer } from '../../../testing/fake-http-server.ts'
import { sendbirdPlatform } from './sendbird-platform.ts'

const API_TOKEN = 'sb-api-token-for-tests'
let fake: FakeServer
let t: ChatTestApp
const knownUsers = new Set<string>()
let failTokens = false

beforeAll(async () => {
  fake = await startFakeServer(({ method, path, headers, body }) => {
    if (headers['api-token'] !== API_TOKEN)
      return { status: 401, body: { error: true, code: 400401, message: 'Invalid API token' } }
    const token = /^\/v3\/users\/([^/]+)\/token$/.exec(path)
    if (method === 'POST' && token) {
      if (failTokens)
        return { status: 500, body: { error: true, code: 500901, message: 'Unexpected' } }
      const userId = decodeURIComponent(token[1]!)
      if (!knownUsers.has(userId))
        return { status: 400, body: { error: true, code: 400201, message: 'User not found' } }
      const { expires_at } = JSON.parse(body) as { expires_at: number }
      return { body: { token: `sb-session-${userId}`, expires_at } }
    }
    if (method === 'POST' && path === '/v3/users') {
      knownUsers.add((JSON.parse(body) as { user_id: string }).user_id)
      return { body: {} }
    }
    return { status: 404, body: { error: true, code: 400300, message: 'no such call' } }
  })
  t = await startChatApp({
    env: { SENDBIRD_APP_ID: 'APP-1', SENDBIRD_API_TOKEN: API_TOKEN, SENDBIRD_API_URL: fake.url },
  })
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
})

afterAll(async () => {
  await t.close()
  await fake.close()
})

const sign = (raw: string, key = API_TOKEN) => createHmac('sha256', key).update(raw).digest('hex')
const hook = (raw: string, signature?: string) =>
  t.raw(null, {
    method: 'POST',
    url: '/ext/chat/sendbird/webhook/',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-sendbird-signature': signature }),
    },
  })

const messageSend = (messageId: number, sender: string, text: string) =>
  JSON.stringify({
    category: 'group_channel:message_send',
    type: 'MESG',
    sender: { user_id: sender, nickname: 'x' },
    members: [{ user_id: t.id.dealer }, { user_id: t.id.broker }, { user_id: 'someone-else' }],
    channel: {
      channel_url: 'sendbird_group_channel_42_abc',
      name: 'Desk',
      custom_type: 'trading group',
    },
    payload: { message_id: messageId, message: text, created_at: Date.now() - 1000 },
  })

describe('provider selection', () => {
  it('names the Sendbird application in the chat profile', async () => {
    const me = (await t.call('dealer', 'GET', '/api/chat/users/me/')).json()
    expect(me.provider).toEqual({ kind: 'sendbird', appId: 'APP-1' })
  })

  it('issues Sendbird session tokens through the Platform API, making the user first', async () => {
    const response = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      userId: t.id.dealer,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().token).toBe(`sb-session-${t.id.dealer}`)
    const calls = fake.requests.map((r) => `${r.method} ${r.path}`)
    expect(calls).toEqual([
      `POST /v3/users/${t.id.dealer}/token`,
      'POST /v3/users',
      `POST /v3/users/${t.id.dealer}/token`,
    ])
    expect(JSON.parse(fake.requests[1]!.body)).toMatchObject({
      user_id: t.id.dealer,
      nickname: 'Dev Dealer',
    })
  })

  it('answers 502 when Sendbird fails, and still checks whose token it is', async () => {
    failTokens = true
    const failed = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      userId: t.id.dealer,
    })
    failTokens = false
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toBe('The chat service cannot be reached; try again')
    const other = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      userId: t.id.broker,
    })
    expect(other.statusCode).toBe(403)
  })
})

describe('Sendbird webhooks', () => {
  it('refuses calls without the signature of the API token', async () => {
    const raw = messageSend(1, t.id.dealer, 'unsigned')
    expect((await hook(raw)).statusCode).toBe(401)
    expect((await hook(raw, sign(raw, 'another-token'))).statusCode).toBe(401)
    expect((await hook(raw, sign(raw + ' '))).statusCode).toBe(401)
    expect((await hook('{not json', sign('{not json'))).statusCode).toBe(400)
  })

  it('mirrors a message once, whatever Sendbird retries, for the download to read', async () => {
    const raw = messageSend(77, t.id.broker, 'Offer 7.04 on 6.54 GS 2032, 25 cr')
    expect((await hook(raw, sign(raw))).json()).toEqual({ outcome: 'stored' })
    expect((await hook(raw, sign(raw))).json()).toEqual({ outcome: 'duplicate' })
    const stranger = messageSend(78, 'someone-else', 'who?')
    expect((await hook(stranger, sign(stranger))).json()).toEqual({ outcome: 'ignored' })
    const other = JSON.stringify({ category: 'group_channel:create', channel: {} })
    expect((await hook(other, sign(other))).json()).toEqual({ outcome: 'ignored' })

    const range = { startTime: Date.now() - 3_600_000, endTime: Date.now() + 60_000 }
    for (const who of ['dealer', 'compliance']) {
      const csv = await t.call(who, 'POST', '/api/download-chats', {
        ...range,
        channelIds: ['sendbird_group_channel_42_abc'],
      })
      expect(csv.statusCode, who).toBe(200)
      expect(csv.body.split('Offer 7.04 on 6.54 GS 2032, 25 cr').length - 1, who).toBe(1)
      expect(csv.body).not.toContain('who?')
    }
    // Someone outside the channel (and its firms) cannot read the mirror.
    await t.acceptTerms('backoffice')
    const outsider = await t.call('backoffice', 'POST', '/api/download-chats', {
      ...range,
      channelIds: ['sendbird_group_channel_42_abc'],
    })
    expect(outsider.statusCode).toBe(404)
  })
})

describe('the Platform API client and the configuration', () => {
  it('sends the API token and passes Sendbird errors on', async () => {
    const platform = sendbirdPlatform({ apiUrl: fake.url, apiToken: 'wrong' })
    await expect(
      platform.issueSessionToken({ userId: 'u1', nickname: 'U' }, Date.now() + 1000),
    ).rejects.toMatchObject({ status: 401, code: 400401 })
  })

  it('needs the application id and the API token together', () => {
    expect(readChatConfig({}).sendbird).toBeUndefined()
    expect(() => readChatConfig({ SENDBIRD_APP_ID: 'A' })).toThrow(/go together/)
    expect(readChatConfig({ SENDBIRD_APP_ID: 'ABC-1', SENDBIRD_API_TOKEN: 'x' }).sendbird).toEqual({
      appId: 'ABC-1',
      apiToken: 'x',
      apiUrl: 'https://api-abc-1.sendbird.com',
    })
    expect(() => readChatConfig({ SENDBIRD_APP_ID: 'a b', SENDBIRD_API_TOKEN: 'x' })).toThrow()
  })
})
