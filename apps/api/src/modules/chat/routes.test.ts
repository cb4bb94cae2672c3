// Who may do what in chat, and what bad input gets: chat roles and the chat terms, compliance
// officers reading view only, non-members kept out, the session token calls, the user search and
// invite-users, staff naming, validation messages naming the field.
import type { ChatChannel, ChatUserPage } from '@bonds/domain'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../db/schema.ts'
import { setStaff, startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp
let desk: ChatChannel

beforeAll(async () => {
  t = await startChatApp()
  for (const who of ['dealer', 'broker', 'backoffice']) await t.acceptTerms(who)
  desk = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'trading group',
      invitedUserIds: [t.id.broker],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${desk.url}/accept/`)
  await t.call('broker', 'POST', `/api/chat/channels/${desk.url}/messages/`, {
    reqId: 'r1',
    message: 'Runs to follow',
  })
})

afterAll(async () => t.close())

describe('chat roles and the chat terms', () => {
  it('refuses roles that do not chat', async () => {
    for (const who of ['researcher', 'opsadmin', 'user', 'investor']) {
      const response = await t.call(who, 'GET', '/api/chat/channels/')
      expect(response.statusCode, who).toBe(403)
    }
    expect((await t.call(null, 'GET', '/api/chat/channels/')).statusCode).toBe(401)
  })

  it('needs the chat terms accepted before first use', async () => {
    const before = await t.call('viewer', 'GET', '/api/chatter/user/search')
    expect(before.statusCode).toBe(403)
    expect(before.json()).toMatchObject({
      message: 'Accept the chat terms before using chat',
      fields: { has_accepted_chat_terms: 'Accept the chat terms before using chat' },
    })
    const me = await t.call('viewer', 'GET', '/api/chat/users/me/')
    expect(me.json()).toMatchObject({ has_accepted_chat_terms: false, can_chat: false })
    await t.acceptTerms('viewer')
    expect((await t.call('viewer', 'GET', '/api/chatter/user/search')).statusCode).toBe(200)
    expect((await t.call('viewer', 'GET', '/api/chat/users/me/')).json()).toMatchObject({
      nickname: 'Vidya Viewer',
      has_accepted_chat_terms: true,
      can_chat: true,
      metaData: { is_staff: 'false', is_active: 'true', brand_name: 'Demo Capital' },
    })
  })

  it('lets only a Dealer open a trading group', async () => {
    const response = await t.call('viewer', 'POST', '/api/chat/channels/', {
      customType: 'trading group',
      invitedUserIds: [t.id.broker],
    })
    expect(response.json()).toMatchObject({
      statusCode: 403,
      message: 'Only a Dealer can create a trading group',
    })
  })
})

describe('compliance officers', () => {
  it('read their firm’s channels and messages, view only', async () => {
    const list = (await t.call('compliance', 'GET', '/api/chat/channels/')).json()
    expect(list.channels.map((c: ChatChannel) => c.url)).toContain(desk.url)
    const channel = (await t.call('compliance', 'GET', `/api/chat/channels/${desk.url}/`)).json()
    expect(channel).toMatchObject({ myMemberState: 'none', unreadMessageCount: 0 })
    const messages = await t.call('compliance', 'GET', `/api/chat/channels/${desk.url}/messages/`)
    expect(messages.json().messages.map((m: { message: string }) => m.message)).toEqual([
      'Runs to follow',
    ])
    // Reading marks nothing: the dealer still has the message unread.
    const dealer = (await t.call('dealer', 'GET', `/api/chat/channels/${desk.url}/`)).json()
    expect(dealer.unreadMessageCount).toBe(1)
    for (const [method, path] of [
      ['POST', `/api/chat/channels/${desk.url}/messages/`],
      ['POST', `/api/chat/channels/${desk.url}/read/`],
      ['POST', '/api/chat/channels/'],
    ] as const) {
      const response = await t.call('compliance', method, path, { reqId: 'c1', message: 'x' })
      expect(response.statusCode, path).toBe(403)
    }
  })

  it('do not see channels no one of their firm takes part in', async () => {
    await t.addPerson('kiran', 'Kiran Bonds', ['clientdealer'], true)
    const other = (
      await t.call('broker', 'POST', '/api/chat/channels/', {
        customType: 'direct',
        invitedUserIds: [t.id.kiran],
      })
    ).json()
    expect((await t.call('compliance', 'GET', `/api/chat/channels/${other.url}/`)).statusCode).toBe(
      404,
    )
    // Another firm's broadcast list to the dealer: the copy in the direct chat, not the list.
    const list = (
      await t.call('broker', 'POST', '/api/chat/channels/', {
        customType: 'broadcast',
        invitedUserIds: [t.id.dealer],
      })
    ).json()
    await t.call('broker', 'POST', `/api/chat/channels/${list.url}/messages/`, {
      reqId: 'list-1',
      message: 'Runs for clients',
    })
    expect((await t.call('compliance', 'GET', `/api/chat/channels/${list.url}/`)).statusCode).toBe(
      404,
    )
    const seen = (await t.call('compliance', 'GET', '/api/chat/channels/?limit=100')).json()
    expect(
      seen.channels.some(
        (c: ChatChannel) =>
          c.customType === 'direct' && c.lastMessage?.message === 'Runs for clients',
      ),
    ).toBe(true)
  })
})

describe('members only', () => {
  it('hides a channel from those not in it, whatever its url', async () => {
    for (const url of [desk.url, 'ch_00000000000000000000000000000000', 'nonsense']) {
      const response = await t.call('backoffice', 'GET', `/api/chat/channels/${url}/`)
      expect(response.json(), url).toMatchObject({ statusCode: 404, message: 'Channel not found' })
    }
    const sent = await t.call('backoffice', 'POST', `/api/chat/channels/${desk.url}/messages/`, {
      reqId: 'x1',
      message: 'hello',
    })
    expect(sent.statusCode).toBe(404)
  })
})

describe('chat session tokens', () => {
  it('need a user id ("user not set"), the caller’s own', async () => {
    const missing = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {})
    expect(missing.json()).toMatchObject({ statusCode: 400, fields: { userId: 'user not set' } })
    const none = await t.raw('dealer', { method: 'POST', url: '/api/issue-sb-session-token' })
    expect(none.json()).toMatchObject({ statusCode: 400, message: 'user not set' })
    const other = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      userId: t.id.broker,
    })
    expect(other.json()).toMatchObject({
      statusCode: 403,
      message: 'You can only manage your own chat session',
    })
    const mine = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      userId: t.id.dealer,
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual({ token: expect.any(String), expires_at: expect.any(Number) })
    const removed = await t.call('dealer', 'DELETE', '/api/remove-sb-session', {
      userId: t.id.dealer,
    })
    expect(removed.statusCode).toBe(204)
  })

  it('answer 400 naming a misspelt field', async () => {
    const response = await t.call('dealer', 'POST', '/api/issue-sb-session-token', {
      user_id: t.id.dealer,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({
      userId: 'user not set',
      non_field_errors: 'Unknown field: user_id',
    })
  })
})

describe('GET api/chatter/user/search', () => {
  it('finds people to chat with, 20 a page, connections first, never oneself', async () => {
    const response = await t.call('dealer', 'GET', '/api/chatter/user/search?search_param=bha')
    const page = response.json<ChatUserPage>()
    expect(page).toMatchObject({ page: 1, page_size: 20, count: 1 })
    expect(page.results[0]).toEqual({
      user_id: t.id.broker,
      nickname: 'Bharat Broker',
      first_name: 'Bharat',
      last_name: 'Broker',
      client_id: expect.any(String),
      brand_name: 'Demo Securities',
      is_staff: false,
      is_broker: true,
      is_connection: true,
      user_onboarded: true,
    })
    const all = (await t.call('dealer', 'GET', '/api/chatter/user/search')).json<ChatUserPage>()
    const ids = all.results.map((r) => r.user_id)
    expect(ids).not.toContain(t.id.dealer)
    expect(ids).not.toContain(t.id.compliance)
    expect(ids).not.toContain(t.id.researcher)
    const connections = (
      await t.call('dealer', 'GET', '/api/chatter/user/search?connections_only=true')
    ).json<ChatUserPage>()
    expect(connections.results.every((r) => r.is_connection)).toBe(true)
    expect(connections.results.map((r) => r.user_id)).not.toContain(t.id.kiran)
    expect(ids).toContain(t.id.kiran)
    const suggested = (
      await t.call('broker', 'GET', '/api/chatter/user/search?suggested=true')
    ).json<ChatUserPage>()
    // The broker's latest conversation is the direct chat its broadcast list just reached.
    expect(suggested.results.map((r) => r.user_id).slice(0, 2)).toEqual([t.id.dealer, t.id.kiran])
  })

  it('answers bad queries with the field and its message', async () => {
    const short = await t.call('dealer', 'GET', '/api/chatter/user/search?search_param=bh')
    expect(short.json().message).toBe('Type at least 3 characters to search')
    const misspelt = await t.call('dealer', 'GET', '/api/chatter/user/search?pagesize=5')
    expect(misspelt.json().message).toBe('Unknown field: pagesize')
    const big = await t.call('dealer', 'GET', '/api/chatter/user/search?page_size=500')
    expect(big.json().fields).toEqual({ page_size: 'Page size is between 1 and 100' })
  })
})

describe('POST api/chatter/invite-users', () => {
  it('e-mails those not yet onboarded, and names an unknown id', async () => {
    await t.call('viewer', 'PATCH', '/api/client/chat-terms/', { has_accepted_chat_terms: false })
    const response = await t.call('broker', 'POST', '/api/chatter/invite-users', {
      sendbird_user_ids: [t.id.viewer, t.id.dealer],
    })
    expect(response.json()).toEqual({
      results: [
        { user_id: t.id.viewer, user_onboarded: false, invited: true },
        { user_id: t.id.dealer, user_onboarded: true, invited: false },
      ],
    })
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'viewer@demo.test'))
      .orderBy(desc(outbox.id))
      .limit(1)
    expect(mail).toMatchObject({
      kind: 'invitation',
      subject: 'Bharat Broker wants to chat with you',
    })
    const unknown = await t.call('broker', 'POST', '/api/chatter/invite-users', {
      sendbird_user_ids: [t.id.dealer, 'nobody'],
    })
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      fields: { 'sendbird_user_ids.1': 'No user found' },
    })
    await t.acceptTerms('viewer')
  })
})

describe('staff naming (spec section 6)', () => {
  it('shows a staff member to others as the product; staff see everyone’s names', async () => {
    await setStaff(t.database, t.id.broker, true)
    try {
      const seenByDealer = (await t.call('dealer', 'GET', `/api/chat/channels/${desk.url}/`)).json()
      const broker = seenByDealer.members.find((m: { userId: string }) => m.userId === t.id.broker)
      expect(broker).toMatchObject({ nickname: 'Bonds Workspace', metaData: { is_staff: 'true' } })
      expect(seenByDealer.lastMessage.sender.nickname).toBe('Bonds Workspace')
      const seenByStaff = (await t.call('broker', 'GET', `/api/chat/channels/${desk.url}/`)).json()
      expect(seenByStaff.members.map((m: { nickname: string }) => m.nickname)).toEqual([
        'Dev Dealer',
        'Bharat Broker',
      ])
    } finally {
      await setStaff(t.database, t.id.broker, false)
    }
  })
})

describe('validation', () => {
  it('names the field and the message for bad channel and message bodies', async () => {
    const cases: [string, object, Record<string, string>][] = [
      [
        'POST',
        { customType: 'direct', invitedUserIds: [] },
        {
          invitedUserIds: 'A direct chat is with exactly one other user',
        },
      ],
      [
        'POST',
        { customType: 'direct', invitedUserIds: [t.id.dealer] },
        {
          invitedUserIds: 'You cannot do this to yourself',
        },
      ],
      [
        'POST',
        { customType: 'group', invitedUserIds: ['ghost'] },
        {
          'invitedUserIds.0': 'No user found',
        },
      ],
      [
        'POST',
        { customType: 'group', invitedUserIds: [t.id.broker], operatorUserIds: ['x'] },
        {
          operatorUserIds: 'Operators must be among the invited users',
        },
      ],
      [
        'POST',
        { customType: 'group', invitedUserIds: [], custom_type: 'x' },
        {
          non_field_errors: 'Unknown field: custom_type',
        },
      ],
    ]
    for (const [, body, fields] of cases) {
      const response = await t.call('dealer', 'POST', '/api/chat/channels/', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().fields).toEqual(fields)
    }
    const blank = await t.call('dealer', 'POST', `/api/chat/channels/${desk.url}/messages/`, {
      reqId: 'v1',
      message: '   ',
    })
    expect(blank.json().fields).toEqual({ message: 'Message is required' })
    const long = await t.call('dealer', 'POST', `/api/chat/channels/${desk.url}/messages/`, {
      reqId: 'v2',
      message: 'x'.repeat(5001),
    })
    expect(long.json().fields).toEqual({ message: 'Should be at most 5000 characters' })
  })
})
