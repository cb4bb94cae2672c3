// Channels and messages on the real app and database: creating each kind of channel, sending
// (idempotent on reqId), history around a point, unread counts and receipts, invitations accepted
// and declined, leaving, bans, operators, and a broadcast list's fan-out.
import type { ChatChannel, ChatMessage, ChatMessageList } from '@bonds/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatChannels, chatEvents, chatMessages } from '../../db/chat-schema.ts'
import { bumpChannel } from './repo.ts'
import { startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp

beforeAll(async () => {
  t = await startChatApp()
  for (const who of ['dealer', 'broker', 'viewer', 'backoffice']) await t.acceptTerms(who)
})

afterAll(async () => t.close())

let reqSeq = 0
const reqId = () => `req-${++reqSeq}`

async function create(who: string, body: object): Promise<ChatChannel> {
  const response = await t.call(who, 'POST', '/api/chat/channels/', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function say(who: string, url: string, message: string, id = reqId()) {
  return t.call(who, 'POST', `/api/chat/channels/${url}/messages/`, { reqId: id, message })
}

async function history(who: string, url: string, query = ''): Promise<ChatMessageList> {
  const response = await t.call(who, 'GET', `/api/chat/channels/${url}/messages/${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const channel = async (who: string, url: string): Promise<ChatChannel> =>
  (await t.call(who, 'GET', `/api/chat/channels/${url}/`)).json()

const eventsOf = async (userId: string) =>
  t.database.db.select().from(chatEvents).where(eq(chatEvents.userId, userId))

describe('a trading group', () => {
  let url: string

  it('is made by a Dealer, who is its operator; the invited see an invitation', async () => {
    const made = await create('dealer', {
      customType: 'trading group',
      name: 'GS desk',
      invitedUserIds: [t.id.broker],
    })
    url = made.url
    expect(made).toMatchObject({
      customType: 'trading group',
      name: 'GS desk',
      memberCount: 2,
      isDistinct: false,
      myMemberState: 'joined',
      myRole: 'operator',
      creator: { userId: t.id.dealer },
      unreadMessageCount: 0,
    })
    const broker = await channel('broker', url)
    expect(broker).toMatchObject({
      myMemberState: 'invited',
      inviter: { userId: t.id.dealer },
      invitedAt: expect.any(Number),
    })
    expect(broker.members.map((m) => [m.nickname, m.role, m.state])).toEqual([
      ['Dev Dealer', 'operator', 'joined'],
      ['Bharat Broker', 'none', 'invited'],
    ])
    expect(broker.members[1]!.metaData).toEqual({
      is_staff: 'false',
      is_active: 'true',
      client_id: expect.any(String),
      brand_name: 'Demo Securities',
    })
  })

  it('takes messages from joined members only', async () => {
    expect((await say('broker', url, 'Gm')).statusCode).toBe(403)
    const accepted = await t.call('broker', 'POST', `/api/chat/channels/${url}/accept/`)
    expect(accepted.json()).toMatchObject({ myMemberState: 'joined' })
    const sent = await say('broker', url, '6.54 GS 32 7.0425/7.0375')
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({
      messageType: 'user',
      message: '6.54 GS 32 7.0425/7.0375',
      sender: { userId: t.id.broker, nickname: 'Bharat Broker' },
      isBrokerToBroker: true,
    })
  })

  it('decides broker-to-broker by the first admin’s firm (spec section 6)', async () => {
    const seenByDealer = (await history('dealer', url)).messages.at(-1)!
    expect(seenByDealer.isBrokerToBroker).toBe(false)
    await say('dealer', url, 'Bid 7.0400 for 25')
    const seenByBroker = (await history('broker', url)).messages.at(-1)!
    expect(seenByBroker).toMatchObject({ message: 'Bid 7.0400 for 25', isBrokerToBroker: false })
  })

  it('sends once per reqId: the same reqId answers the first message and tells no one twice', async () => {
    const before = (await eventsOf(t.id.broker)).length
    const first = await say('dealer', url, '7.0395 and we close', 'same-req')
    const again = await say('dealer', url, '7.0395 and we close', 'same-req')
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json<ChatMessage>().messageId).toBe(first.json<ChatMessage>().messageId)
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, t.id.dealer), eq(chatMessages.reqId, 'same-req')))
    expect(stored).toHaveLength(1)
    expect((await eventsOf(t.id.broker)).length).toBe(before + 1)
    const texts = (await history('broker', url)).messages.map((m) => m.message)
    expect(texts.filter((m) => m === '7.0395 and we close')).toHaveLength(1)
  })

  it('keeps the newest message as the channel’s last when an older one commits after it', async () => {
    // On PostgreSQL sends at once take their times, then commit in any order (decision 371).
    const made = await create('dealer', {
      customType: 'group',
      name: 'Commit order',
      invitedUserIds: [t.id.broker],
    })
    const older = (await say('dealer', made.url, 'older')).json() as ChatMessage
    const newer = (await say('dealer', made.url, 'newer')).json() as ChatMessage
    const [row] = await t.database.db
      .select()
      .from(chatChannels)
      .where(eq(chatChannels.url, made.url))
    await bumpChannel(
      t.database.db,
      row!,
      { id: older.messageId, createdAt: new Date(older.createdAt) },
      false,
    )
    expect((await channel('dealer', made.url)).lastMessage?.messageId).toBe(newer.messageId)
  })

  it('counts unread messages and zeroes them when read, with a receipt', async () => {
    expect((await channel('broker', url)).unreadMessageCount).toBe(2)
    const read = await t.call('broker', 'POST', `/api/chat/channels/${url}/read/`)
    expect(read.statusCode).toBe(204)
    const after = await channel('broker', url)
    expect(after.unreadMessageCount).toBe(0)
    const me = after.members.find((m) => m.userId === t.id.broker)!
    expect(me.lastReadMessageId).toBe(after.lastMessage!.messageId)
    expect(me.lastDeliveredMessageId).toBe(after.lastMessage!.messageId)
  })

  it('reads history before and after a point, oldest first', async () => {
    for (let i = 1; i <= 5; i += 1) await say('dealer', url, `line ${i}`)
    const all = (await history('dealer', url, '?prev_limit=100')).messages
    const third = all.find((m) => m.message === 'line 3')!
    const before = await history('dealer', url, `?message_id=${third.messageId}&prev_limit=2`)
    expect(before.messages.map((m) => m.message)).toEqual(['line 1', 'line 2'])
    expect(before.hasPrev).toBe(true)
    const around = await history(
      'dealer',
      url,
      `?message_id=${third.messageId}&prev_limit=1&next_limit=1&inclusive=true`,
    )
    expect(around.messages.map((m) => m.message)).toEqual(['line 2', 'line 3', 'line 4'])
    expect(around.hasNext).toBe(true)
    const latest = await history('dealer', url, '?prev_limit=2')
    expect(latest.messages.map((m) => m.message)).toEqual(['line 4', 'line 5'])
    expect(latest.hasNext).toBe(false)
  })

  it('lets only operators invite, and operators name operators', async () => {
    const refused = await t.call('broker', 'POST', `/api/chat/channels/${url}/invite/`, {
      userIds: [t.id.viewer],
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only an operator of the channel can do this')
    const made = await t.call('dealer', 'POST', `/api/chat/channels/${url}/operators/`, {
      userIds: [t.id.broker],
    })
    expect(made.json<ChatChannel>().members.map((m) => m.role)).toEqual(['operator', 'operator'])
    const dropped = await t.call(
      'broker',
      'DELETE',
      `/api/chat/channels/${url}/operators/${t.id.broker}/`,
    )
    expect(dropped.statusCode).toBe(200)
    const last = await t.call(
      'dealer',
      'DELETE',
      `/api/chat/channels/${url}/operators/${t.id.dealer}/`,
    )
    expect(last.json()).toMatchObject({
      statusCode: 400,
      message: 'A channel keeps at least one operator',
    })
  })
})

describe('invitations declined', () => {
  it('in a group: the inviter alone gets "{nickname} declined your request"', async () => {
    const group = await create('dealer', {
      customType: 'group',
      invitedUserIds: [t.id.broker, t.id.viewer],
    })
    expect(group.name).toBe('Group Channel')
    await t.call('viewer', 'POST', `/api/chat/channels/${group.url}/accept/`)
    const declined = await t.call('broker', 'POST', `/api/chat/channels/${group.url}/decline/`)
    expect(declined.statusCode).toBe(204)
    expect((await t.call('broker', 'GET', `/api/chat/channels/${group.url}/`)).statusCode).toBe(404)
    const notice = (await history('dealer', group.url)).messages.at(-1)!
    expect(notice).toMatchObject({
      messageType: 'admin',
      customType: 'declined_invite',
      message: 'Bharat Broker declined your request',
      sender: null,
    })
    expect(JSON.parse(notice.data)).toMatchObject({
      type: 'declined_invite',
      inviter_id: t.id.dealer,
      invitee_id: t.id.broker,
      nickname: 'Bharat Broker',
    })
    expect((await history('viewer', group.url)).messages).toEqual([])
    expect((await channel('dealer', group.url)).members.map((m) => m.nickname)).toEqual([
      'Dev Dealer',
      'Vidya Viewer',
    ])
    const again = await t.call('broker', 'POST', `/api/chat/channels/${group.url}/decline/`)
    expect(again.statusCode).toBe(404)
  })

  it('in a direct chat: the channel leaves the invitee’s list; the pair keeps one channel', async () => {
    const direct = await create('backoffice', {
      customType: 'direct',
      invitedUserIds: [t.id.viewer],
    })
    expect(direct).toMatchObject({ isDistinct: true, customType: 'direct' })
    await t.call('viewer', 'POST', `/api/chat/channels/${direct.url}/decline/`)
    const viewerList = (await t.call('viewer', 'GET', '/api/chat/channels/')).json()
    expect(viewerList.channels.map((c: ChatChannel) => c.url)).not.toContain(direct.url)
    const again = await t.call('backoffice', 'POST', '/api/chat/channels/', {
      customType: 'direct',
      invitedUserIds: [t.id.viewer],
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().url).toBe(direct.url)
    expect((await channel('viewer', direct.url)).myMemberState).toBe('invited')
  })
})

describe('leaving and bans', () => {
  it('a member leaves; a banned one is kept out until unbanned', async () => {
    const group = await create('dealer', {
      customType: 'group',
      invitedUserIds: [t.id.broker, t.id.backoffice],
    })
    await t.call('backoffice', 'POST', `/api/chat/channels/${group.url}/leave/`)
    expect((await channel('dealer', group.url)).memberCount).toBe(2)
    const ban = await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/ban/`, {
      userId: t.id.broker,
    })
    expect(ban.statusCode).toBe(204)
    expect((await t.call('broker', 'GET', `/api/chat/channels/${group.url}/`)).statusCode).toBe(404)
    const reinvite = await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/invite/`, {
      userIds: [t.id.broker],
    })
    expect(reinvite.json()).toMatchObject({
      message: 'This user is banned from the channel',
      fields: { 'userIds.0': 'This user is banned from the channel' },
    })
    await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/unban/`, {
      userId: t.id.broker,
    })
    const invited = await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/invite/`, {
      userIds: [t.id.broker],
    })
    expect(invited.statusCode).toBe(200)
    expect((await channel('broker', group.url)).myMemberState).toBe('invited')
  })
})

describe('a broadcast list', () => {
  it('is seen by its creator alone and fans each message out to direct channels', async () => {
    const list = await create('broker', {
      customType: 'broadcast',
      name: 'Runs',
      invitedUserIds: [t.id.dealer, t.id.viewer, t.id.backoffice],
    })
    expect(list.members.filter((m) => m.state === 'recipient')).toHaveLength(3)
    expect((await t.call('dealer', 'GET', `/api/chat/channels/${list.url}/`)).statusCode).toBe(404)
    const dealerBefore = (await t.call('dealer', 'GET', '/api/chat/channels/?limit=100')).json()
    expect(dealerBefore.channels.map((c: ChatChannel) => c.url)).not.toContain(list.url)

    const sent = await say('broker', list.url, 'Runs: 10y 7.0425/7.0375')
    expect(sent.statusCode).toBe(201)
    for (const who of ['dealer', 'viewer', 'backoffice']) {
      const mine = (await t.call(who, 'GET', '/api/chat/channels/?customType=direct&limit=100'))
        .json()
        .channels.filter((c: ChatChannel) => c.members.some((m) => m.userId === t.id.broker))
      expect(mine, who).toHaveLength(1)
      expect(mine[0].lastMessage).toMatchObject({
        message: 'Runs: 10y 7.0425/7.0375',
        sender: { userId: t.id.broker },
        reqId: '',
      })
      expect(mine[0].unreadMessageCount).toBe(1)
      expect(JSON.parse(mine[0].data)).toEqual({ created_from: 'broadcast' })
    }
    // The list keeps its own copy for its creator; a repeat of the reqId fans out nothing more.
    expect((await history('broker', list.url)).messages).toHaveLength(1)
    const repeat = await say('broker', list.url, 'Runs: 10y 7.0425/7.0375', sent.json().reqId)
    expect(repeat.statusCode).toBe(200)
    const copies = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.originMessageId, sent.json().messageId))
    expect(copies).toHaveLength(3)
  })

  it('sets last_direct_message_at when a message is sent in the direct channel itself', async () => {
    const mine = (await t.call('dealer', 'GET', '/api/chat/channels/?customType=direct&limit=100'))
      .json()
      .channels.find((c: ChatChannel) => JSON.parse(c.data).created_from === 'broadcast')
    await t.call('dealer', 'POST', `/api/chat/channels/${mine.url}/accept/`)
    await say('dealer', mine.url, 'Can you show 10 cr at 7.0390?')
    const data = JSON.parse((await channel('dealer', mine.url)).data)
    expect(data.created_from).toBe('broadcast')
    expect(data.last_direct_message_at).toBeGreaterThan(1_700_000_000)
    expect(data.last_direct_message_at).toBeLessThan(10_000_000_000)
  })

  it('refuses a buzz', async () => {
    const list = await create('dealer', { customType: 'broadcast', invitedUserIds: [t.id.viewer] })
    const buzz = await t.call('dealer', 'POST', `/api/chat/channels/${list.url}/messages/`, {
      reqId: reqId(),
      customType: 'buzz',
    })
    expect(buzz.json().fields).toEqual({
      customType: 'A buzz goes to one channel, not a broadcast list',
    })
  })
})

describe('at once', () => {
  it('keeps each member’s sequence whole and in message order under concurrent sends', async () => {
    const group = await create('dealer', { customType: 'group', invitedUserIds: [t.id.broker] })
    await t.call('broker', 'POST', `/api/chat/channels/${group.url}/accept/`)
    const list = await create('broker', {
      customType: 'broadcast',
      invitedUserIds: [t.id.dealer, t.id.viewer],
    })
    const sends = Array.from({ length: 24 }, (_, i) =>
      i % 6 === 5
        ? say('broker', list.url, `list ${i}`)
        : say(i % 2 ? 'broker' : 'dealer', group.url, `burst ${i}`),
    )
    const answers = await Promise.all(sends)
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201))
    for (const who of ['dealer', 'broker']) {
      const rows = (await eventsOf(t.id[who]!)).sort((a, b) => a.seq - b.seq)
      expect(
        rows.map((r) => r.seq),
        who,
      ).toEqual(rows.map((_, i) => i + 1))
      const inGroup = rows.flatMap((r) => {
        const event = r.event as { kind: string; channelUrl: string; message?: ChatMessage }
        return event.kind === 'message' && event.channelUrl === group.url
          ? [event.message!.messageId]
          : []
      })
      expect(inGroup, who).toEqual([...inGroup].sort((a, b) => a - b))
      expect(inGroup).toHaveLength(20)
    }
  })
})

describe('the channel list', () => {
  it('pages with a cursor, most recent activity first, without repeats', async () => {
    const seen: string[] = []
    let next: string | null = ''
    while (next !== null) {
      const query: string = next ? `&token=${encodeURIComponent(next)}` : ''
      const page = (await t.call('dealer', 'GET', `/api/chat/channels/?limit=2${query}`)).json()
      seen.push(...page.channels.map((c: ChatChannel) => c.url))
      next = page.next
    }
    expect(new Set(seen).size).toBe(seen.length)
    const all = (await t.call('dealer', 'GET', '/api/chat/channels/?limit=100')).json()
    expect(seen).toEqual(all.channels.map((c: ChatChannel) => c.url))
    expect(seen.length).toBeGreaterThan(3)
    const bad = await t.call('dealer', 'GET', '/api/chat/channels/?token=nonsense')
    expect(bad.json()).toMatchObject({ statusCode: 400, fields: { token: 'Unknown cursor' } })
  })
})
