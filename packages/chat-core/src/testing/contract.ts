// One contract every provider passes (issue 20): the local one against the real chat service, the
// Sendbird one over a fake of the SDK's objects (and against Sendbird itself when it can be
// reached). Each test makes new people, so a world (a server, a fake) is shared by a file.
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatProviderError } from '../model/errors.ts'
import type { ChatProvider, ChatReceipt, ChatUser, ConnectionEvent } from '../port.ts'

/** A person of the contract: a user who may chat, with a provider not yet connected. */
export interface ContractPerson {
  userId: string
  provider: ChatProvider
  /** A fresh chat session token. */
  issueToken(): Promise<string>
}

/** What a provider's contract run gives the suite. */
export interface ContractWorld {
  /** A new person (a new user each call), allowed to chat. */
  person(name: string): Promise<ContractPerson>
  /** Drop a person's connection as a network would; the provider must come back by itself. */
  cut?(person: ContractPerson): void
  close(): Promise<void>
}

/** What one connected person saw. */
interface Seen {
  messages: ChatMessage[]
  channels: ChatChannel[]
  removed: { url: string; reason: string }[]
  banned: { url: string; userId: string }[]
  receipts: ChatReceipt[]
  connection: ConnectionEvent[]
}

async function connected(person: ContractPerson): Promise<ChatUser & { seen: Seen }> {
  const seen: Seen = {
    messages: [],
    channels: [],
    removed: [],
    banned: [],
    receipts: [],
    connection: [],
  }
  const { provider } = person
  provider.on('messages', (_url, messages) => seen.messages.push(...messages))
  provider.on('channel', (channel) => seen.channels.push(channel))
  provider.on('channelRemoved', (url, reason) => seen.removed.push({ url, reason }))
  provider.on('userBanned', (url, userId) => seen.banned.push({ url, userId }))
  provider.on('receipt', (receipt) => seen.receipts.push(receipt))
  provider.on('connection', (event) => seen.connection.push(event))
  const user = await provider.connect(person.userId, await person.issueToken(), {
    refreshToken: () => person.issueToken(),
  })
  return { ...user, seen }
}

const texts = (messages: readonly ChatMessage[]) => messages.map((m) => m.message)

/** Register the contract suite for a provider. */
export function chatProviderContract(label: string, setup: () => Promise<ContractWorld>): void {
  describe(`chat provider contract: ${label}`, () => {
    let world: ContractWorld
    const people: ContractPerson[] = []
    const person = async (name: string) => {
      const made = await world.person(name)
      people.push(made)
      return made
    }

    beforeAll(async () => {
      world = await setup()
    })
    afterAll(async () => {
      for (const made of people) await made.provider.disconnect()
      await world.close()
    })

    it('connects with a session token, and refuses a bad one as a token to renew', async () => {
      const ann = await person('ann')
      const user = await connected(ann)
      expect(user.userId).toBe(ann.userId)
      expect(user.nickname).not.toBe('')
      const bob = await person('bob')
      const refused = await bob.provider.connect(bob.userId, 'not-a-token').catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ChatProviderError)
      // Sendbird answers a token it does not know as expired (400302); both mean "a new token".
      expect(['invalid_token', 'token_expired']).toContain((refused as ChatProviderError).code)
    })

    it('delivers a text message: pending then succeeded, received once by the other', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      await connected(ann)
      const b = await connected(bob)
      const channel = await ann.provider.createChannel({
        customType: 'direct',
        invitedUserIds: [bob.userId],
        isDistinct: true,
      })
      expect(channel.customType).toBe('direct')
      // Invited members of the local service see messages too; Sendbird's see them once joined.
      await bob.provider.accept(channel.url)
      const sending = ann.provider.sendText(channel.url, { message: 'Bid 7.04 for 25 cr' })
      expect(sending.current().state).toBe('pending')
      const stored = await sending.done
      expect(sending.current()).toMatchObject({ state: 'succeeded', message: stored })
      expect(stored).toMatchObject({ message: 'Bid 7.04 for 25 cr', messageType: 'user' })
      await expect.poll(() => texts(b.seen.messages)).toEqual(['Bid 7.04 for 25 cr'])
      expect(b.seen.messages[0]!.sender?.userId).toBe(ann.userId)
    })

    it('lists every channel page by page, with unread counts, and marks read', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      await connected(ann)
      const b = await connected(bob)
      const urls: string[] = []
      for (let i = 0; i < 3; i += 1) {
        const group = await ann.provider.createChannel({
          customType: 'group',
          name: `Desk ${i}`,
          invitedUserIds: [bob.userId],
        })
        urls.push(group.url)
      }
      await bob.provider.accept(urls[0]!)
      await ann.provider.sendText(urls[0]!, { message: 'one' }).done
      await ann.provider.sendText(urls[0]!, { message: 'two' }).done
      await expect.poll(() => b.seen.messages.length).toBe(2)
      const collection = bob.provider.channelCollection()
      while (collection.hasMore) await collection.loadMore()
      expect(collection.channels.map((c) => c.url).sort()).toEqual([...urls].sort())
      expect(collection.channels.find((c) => c.url === urls[0])!.unreadMessageCount).toBe(2)
      expect(collection.channels.find((c) => c.url === urls[1])!.myMemberState).toBe('invited')
      await bob.provider.markAsRead(urls[0]!)
      await expect
        .poll(async () => (await bob.provider.getChannel(urls[0]!)).unreadMessageCount)
        .toBe(0)
      collection.dispose()
    })

    it('loads a channel: cached result, then the server’s; older pages one load at a time', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      await connected(ann)
      await connected(bob)
      const group = await ann.provider.createChannel({
        customType: 'group',
        name: 'History',
        invitedUserIds: [bob.userId],
      })
      for (let i = 1; i <= 35; i += 1)
        await ann.provider.sendText(group.url, { message: `m${i}` }).done
      const order: string[] = []
      const first = bob.provider.messageCollection(group.url)
      const loaded = await first.initialize({
        onCacheResult: () => order.push('cache'),
        onApiResult: (messages) => order.push(`api ${messages.length}`),
      })
      expect(order[0]).toBe('cache')
      expect(order.at(-1)).toMatch(/^api /)
      expect(texts(loaded).at(-1)).toBe('m35')
      expect(first.hasPrevious).toBe(true)
      const a = first.loadPrevious()
      const b = first.loadPrevious()
      expect(b).toBe(a)
      await a
      expect(texts(first.messages).slice(0, 2)).toEqual(['m1', 'm2'])
      expect(first.messages).toHaveLength(35)
      first.dispose()
      // A second look at the channel starts from what the first one read.
      const cached: number[] = []
      const again = bob.provider.messageCollection(group.url)
      await again.initialize({ onCacheResult: (messages) => cached.push(messages.length) })
      expect(cached[0]).toBeGreaterThan(0)
      again.dispose()
    })

    it('keeps an open collection live and reports read receipts', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      const a = await connected(ann)
      await connected(bob)
      const channel = await ann.provider.createChannel({
        customType: 'group',
        name: 'Live',
        invitedUserIds: [bob.userId],
      })
      await bob.provider.accept(channel.url)
      const collection = bob.provider.messageCollection(channel.url)
      await collection.initialize()
      const added: string[] = []
      collection.subscribe((change) => added.push(...texts(change.added)))
      const sent = await ann.provider.sendText(channel.url, { message: 'live' }).done
      await expect.poll(() => added).toEqual(['live'])
      await bob.provider.markAsRead(channel.url)
      await expect
        .poll(() => a.seen.receipts.find((r) => r.kind === 'read' && r.userId === bob.userId))
        .toMatchObject({ channelUrl: channel.url, messageId: sent.messageId })
      collection.dispose()
    })

    it('sends a file, and fails a send the server refuses (failed state, its message)', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      await connected(ann)
      await connected(bob)
      const channel = await ann.provider.createChannel({
        customType: 'group',
        name: 'Files',
        invitedUserIds: [bob.userId],
      })
      const file = new Blob(['isin,price\nIN0020220011,98.5\n'], { type: 'text/csv' })
      const stored = await ann.provider.sendFile(channel.url, {
        file,
        fileName: 'runs.csv',
        mimeType: 'text/csv',
      }).done
      expect(stored).toMatchObject({ messageType: 'file', name: 'runs.csv', type: 'text/csv' })
      // Bob is invited, not joined: he may not send.
      const refused = bob.provider.sendText(channel.url, { message: 'too early' })
      await expect(refused.done).rejects.toBeInstanceOf(ChatProviderError)
      expect(refused.current().state).toBe('failed')
      expect(refused.current().error).not.toBe('')
    })

    it('invitations: accept joins; decline tells the inviter "{nickname} declined your request"', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      const cat = await person('cat')
      const a = await connected(ann)
      await connected(bob)
      const c = await connected(cat)
      const group = await ann.provider.createChannel({
        customType: 'group',
        name: 'Invites',
        invitedUserIds: [bob.userId],
      })
      const invited = await ann.provider.invite(group.url, [cat.userId])
      expect(invited.members.find((m) => m.userId === cat.userId)?.state).toBe('invited')
      const joined = await bob.provider.accept(group.url)
      expect(joined.myMemberState).toBe('joined')
      await cat.provider.decline(group.url)
      await expect
        .poll(() => a.seen.messages.find((m) => m.customType === 'declined_invite')?.message)
        .toBe(`${c.nickname} declined your request`)
      const after = await ann.provider.getChannel(group.url)
      expect(after.members.map((m) => m.userId).sort()).toEqual([ann.userId, bob.userId].sort())
    })

    it('operators, bans and leaving', async () => {
      const ann = await person('ann')
      const bob = await person('bob')
      const cat = await person('cat')
      await connected(ann)
      const b = await connected(bob)
      const c = await connected(cat)
      const group = await ann.provider.createChannel({
        customType: 'group',
        name: 'Moderated',
        invitedUserIds: [bob.userId, cat.userId],
      })
      await bob.provider.accept(group.url)
      await cat.provider.accept(group.url)
      await ann.provider.addOperators(group.url, [bob.userId])
      let channel = await ann.provider.getChannel(group.url)
      expect(channel.members.find((m) => m.userId === bob.userId)?.role).toBe('operator')
      await ann.provider.removeOperators(group.url, [bob.userId])
      channel = await ann.provider.getChannel(group.url)
      expect(channel.members.find((m) => m.userId === bob.userId)?.role).toBe('none')
      await ann.provider.ban(group.url, cat.userId, 'off topic')
      await expect.poll(() => c.seen.banned).toContainEqual({ url: group.url, userId: cat.userId })
      await expect.poll(() => b.seen.banned).toContainEqual({ url: group.url, userId: cat.userId })
      channel = await ann.provider.getChannel(group.url)
      expect(channel.members.some((m) => m.userId === cat.userId)).toBe(false)
      await ann.provider.unban(group.url, cat.userId)
      await bob.provider.leave(group.url)
      channel = await ann.provider.getChannel(group.url)
      expect(channel.members.some((m) => m.userId === bob.userId)).toBe(false)
    })

    it('after a cut connection, an open channel gets what was sent meanwhile, once each', async (context) => {
      if (!world.cut) context.skip()
      const ann = await person('ann')
      const bob = await person('bob')
      await connected(ann)
      const b = await connected(bob)
      const group = await ann.provider.createChannel({
        customType: 'group',
        name: 'Cut',
        invitedUserIds: [bob.userId],
      })
      await bob.provider.accept(group.url)
      const collection = bob.provider.messageCollection(group.url)
      await collection.initialize()
      const added: string[] = []
      collection.subscribe((change) => added.push(...texts(change.added)))
      await ann.provider.sendText(group.url, { message: 'before' }).done
      await expect.poll(() => added).toEqual(['before'])
      world.cut!(bob)
      await expect.poll(() => b.seen.connection).toContain('reconnect_started')
      for (const text of ['gap 1', 'gap 2', 'gap 3']) {
        await ann.provider.sendText(group.url, { message: text }).done
      }
      await expect.poll(() => b.seen.connection).toContain('reconnect_succeeded')
      await expect.poll(() => added).toEqual(['before', 'gap 1', 'gap 2', 'gap 3'])
      expect(texts(collection.messages)).toEqual(['before', 'gap 1', 'gap 2', 'gap 3'])
      // Message events never double (the local service replays the gap as events too).
      const events = texts(b.seen.messages)
      expect(events).toEqual([...new Set(events)])
      collection.dispose()
    })
  })
}
