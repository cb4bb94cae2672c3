import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChatError } from '../model/errors.ts'
import { aChannel, aMember, aMessage } from '../testing/factories.ts'
import { createFakeProvider, type FakeProvider } from '../testing/fake-provider.ts'
import { createChatSession, type ChatSessionOptions } from './session.ts'

function setup(overrides: Partial<ChatSessionOptions> = {}) {
  const providers: FakeProvider[] = []
  let token = 0
  const issued: string[] = []
  const removed: string[] = []
  const notices: string[] = []
  const sounds = { buzz: vi.fn(), received: vi.fn() }
  let compliance = false
  const prepare: ((p: FakeProvider) => void)[] = []
  const session = createChatSession({
    createProvider: () => {
      const provider = createFakeProvider()
      for (const step of prepare) step(provider)
      providers.push(provider)
      return provider
    },
    issueToken: async (userId) => {
      issued.push(userId)
      return `token-${++token}`
    },
    removeSession: async (userId) => void removed.push(userId),
    isComplianceView: () => compliance,
    sounds,
    notify: (notice) => notices.push(notice.text),
    ...overrides,
  })
  return {
    session,
    providers,
    issued,
    removed,
    notices,
    sounds,
    prepare: (step: (p: FakeProvider) => void) => prepare.push(step),
    setCompliance: (value: boolean) => (compliance = value),
    provider: () => providers.at(-1)!,
  }
}

const channels = () => [
  aChannel('ch_a', 'me', ['x'], { lastMessage: aMessage('ch_a', 'x', { createdAt: 30 }) }),
  aChannel('ch_b', 'me', ['y'], { lastMessage: aMessage('ch_b', 'y', { createdAt: 20 }) }),
  aChannel('ch_g', 'me', ['x', 'y'], {
    customType: 'group',
    name: 'Desk',
    lastMessage: aMessage('ch_g', 'x', { createdAt: 10 }),
  }),
]

describe('starting (spec section 4, chat start)', () => {
  it('needs a user ("user not set")', async () => {
    const { session } = setup()
    await expect(session.start(null)).rejects.toThrow(new ChatError('userNotSet'))
    await expect(session.start('')).rejects.toThrow('user not set')
  })

  it('fetches a token, connects, loads every channel page, sorted', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    expect(t.provider().calls.slice(0, 4)).toEqual(['connect me', 'loadMore 2', 'loadMore 1'])
    expect(t.session.getState()).toMatchObject({ status: 'online', channelsLoaded: true })
    expect(t.session.getState().channels.map((c) => c.url)).toEqual(['ch_a', 'ch_b', 'ch_g'])
  })

  it('on token-expired or invalid-token fetches a new token and retries once', async () => {
    const t = setup()
    t.prepare((p) => (p.connectFailures = ['token_expired']))
    await t.session.start('me')
    expect(t.provider().tokens).toEqual(['token-1', 'token-2'])
    expect(t.session.getState().status).toBe('online')

    const u = setup()
    u.prepare((p) => (p.connectFailures = ['invalid_token', 'invalid_token']))
    await expect(u.session.start('me')).rejects.toThrow('invalid_token')
    expect(u.provider().tokens).toHaveLength(2)
    expect(u.session.getState()).toMatchObject({ status: 'closed', failure: 'invalid_token' })
  })

  it('clears the cache when the account is gone or the session ended', async () => {
    for (const code of ['deactivated', 'user_not_found', 'session_revoked'] as const) {
      const t = setup()
      t.prepare((p) => (p.connectFailures = [code]))
      await expect(t.session.start('me')).rejects.toThrow(code)
      expect(t.provider().calls).toContain('clearCache')
      expect(t.provider().tokens).toHaveLength(1)
    }
    const t = setup()
    t.prepare((p) => (p.connectFailures = ['token_expired', 'token_expired']))
    await expect(t.session.start('me')).rejects.toThrow()
    expect(t.provider().calls).toContain('clearCache')
  })

  it('clears the cache when the provider later says the session closed', async () => {
    const t = setup()
    await t.session.start('me')
    t.provider().emit('session', { type: 'closed', code: 'deactivated' })
    expect(t.provider().calls).toContain('clearCache')
    expect(t.session.getState()).toMatchObject({ status: 'closed', failure: 'deactivated' })
  })

  it('gives the provider a way to fetch a new token on reconnect', async () => {
    const t = setup()
    await t.session.start('me')
    await expect(t.provider().refreshToken!()).resolves.toBe('token-2')
  })

  it('switching user disposes everything first', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    await t.session.openChannel('ch_a')
    const first = t.provider()
    await t.session.start('other')
    const tail = first.calls.slice(first.calls.indexOf('markAsRead ch_a') + 1)
    expect(tail).toEqual(['clearCache', 'dispose messages ch_a', 'dispose channels', 'disconnect'])
    expect(t.removed).toEqual(['me'])
    expect(t.providers).toHaveLength(2)
    expect(t.session.getState().userId).toBe('other')
    first.emit('channel', aChannel('ch_z', 'me', ['q']))
    expect(t.session.getState().channels.some((c) => c.url === 'ch_z')).toBe(false)
  })

  it('follows the connection: offline on disconnect, online on reconnect', async () => {
    const t = setup()
    await t.session.start('me')
    t.provider().emit('connection', 'reconnect_started')
    expect(t.session.getState().status).toBe('offline')
    t.provider().emit('connection', 'reconnect_succeeded')
    expect(t.session.getState().status).toBe('online')
  })

  it('starts again when the browser is back online and the chat is missing', async () => {
    const t = setup()
    await t.session.browserOnline(null)
    expect(t.providers).toHaveLength(0)
    await t.session.browserOnline('me')
    expect(t.session.getState().status).toBe('online')
    await t.session.browserOnline('me')
    expect(t.providers).toHaveLength(1)
  })
})

describe('the channel list (spec sections 4 and 5)', () => {
  it('adds new channels, de-duplicates, hides and removes', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    const p = t.provider()
    p.emit(
      'channel',
      aChannel('ch_n', 'me', ['z'], { lastMessage: aMessage('ch_n', 'z', { createdAt: 99 }) }),
    )
    p.emit(
      'channel',
      aChannel('ch_n', 'me', ['z'], { lastMessage: aMessage('ch_n', 'z', { createdAt: 99 }) }),
    )
    p.emit(
      'channel',
      aChannel('ch_h', 'me', ['w'], {
        members: [aMember('me'), aMember('w', { data: '{"user_onboarded":false}' })],
      }),
    )
    p.emit(
      'channel',
      aChannel('ch_l', 'someone', ['me', 'x'], {
        customType: 'broadcast',
        name: 'List',
        creator: { userId: 'someone' },
      }),
    )
    expect(t.session.getState().channels.map((c) => c.url)).toEqual([
      'ch_n',
      'ch_a',
      'ch_b',
      'ch_g',
    ])
    p.emit('channelRemoved', 'ch_a', 'left')
    expect(t.session.getState().channels.map((c) => c.url)).toEqual(['ch_n', 'ch_b', 'ch_g'])
  })

  it('moves a member’s read and delivered marks on with their receipts (never back)', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    const p = t.provider()
    const member = () =>
      t.session
        .getState()
        .channels.find((c) => c.url === 'ch_g')!
        .members.find((m) => m.userId === 'x')!
    p.emit('receipt', { channelUrl: 'ch_g', userId: 'x', kind: 'delivered', messageId: 7, at: 1 })
    p.emit('receipt', { channelUrl: 'ch_g', userId: 'x', kind: 'read', messageId: 5, at: 2 })
    p.emit('receipt', { channelUrl: 'ch_g', userId: 'x', kind: 'read', messageId: 4, at: 3 })
    expect([member().lastReadMessageId, member().lastDeliveredMessageId]).toEqual([5, 7])
  })
})

describe('messages (spec section 4)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  async function opened(compliance = false) {
    const t = setup()
    t.setCompliance(compliance)
    t.prepare((p) => {
      p.channels = channels()
      p.cachedMessages.set('ch_a', [aMessage('ch_a', 'x', { messageId: 1, createdAt: 1 })])
      p.serverMessages.set('ch_a', [
        aMessage('ch_a', 'x', { messageId: 1, createdAt: 1 }),
        aMessage('ch_a', 'x', { messageId: 2, createdAt: 2 }),
      ])
    })
    await t.session.start('me')
    const seen: number[] = []
    t.session.subscribe((state) => seen.push(state.messages.length))
    await t.session.openChannel('ch_a')
    return { ...t, seen }
  }

  it('shows the cached result, then the server’s, and marks read', async () => {
    const t = await opened()
    expect(t.seen).toContain(1)
    expect(t.session.getState().messages.map((m) => m.messageId)).toEqual([1, 2])
    expect(t.provider().calls).toContain('markAsRead ch_a')
  })

  it('keeps the older messages the reader had when the server’s latest page overlaps them', async () => {
    const t = setup()
    const m = (id: number) => aMessage('ch_a', 'x', { messageId: id, createdAt: id })
    t.prepare((p) => {
      p.channels = channels()
      p.cachedMessages.set('ch_a', [1, 2, 3, 4].map(m))
      p.serverMessages.set('ch_a', [3, 4, 5].map(m))
    })
    await t.session.start('me')
    const seen: number[][] = []
    t.session.subscribe((state) => seen.push(state.messages.map((x) => x.messageId)))
    await t.session.openChannel('ch_a')
    expect(seen).toContainEqual([1, 2, 3, 4])
    // Never fewer than the reader had: the page was merged in, not put in their place.
    expect(seen.every((list) => list.length === 0 || list[0] === 1)).toBe(true)
    expect(t.session.getState().messages.map((x) => x.messageId)).toEqual([1, 2, 3, 4, 5])
  })

  it('appends incoming messages and marks them read and delivered (throttled to 1 a second)', async () => {
    const t = await opened()
    const p = t.provider()
    p.calls.length = 0
    p.emit('messages', 'ch_a', [aMessage('ch_a', 'x', { messageId: 3, createdAt: 3 })])
    p.emit('messages', 'ch_a', [aMessage('ch_a', 'x', { messageId: 4, createdAt: 4 })])
    p.emit('messages', 'ch_a', [aMessage('ch_a', 'x', { messageId: 5, createdAt: 5 })])
    expect(t.session.getState().messages.map((m) => m.messageId)).toEqual([1, 2, 3, 4, 5])
    expect(p.calls.filter((c) => c === 'markAsRead ch_a')).toHaveLength(3)
    expect(p.calls.filter((c) => c === 'markAsDelivered ch_a')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(p.calls.filter((c) => c === 'markAsDelivered ch_a')).toHaveLength(2)
    expect(t.sounds.received).toHaveBeenCalledTimes(3)
  })

  it('takes a replayed run at once: one new state, one read mark, one sound', async () => {
    const t = await opened()
    const p = t.provider()
    p.calls.length = 0
    let states = 0
    t.session.subscribe(() => (states += 1))
    const run = [3, 4, 5, 6].map((id) => aMessage('ch_a', 'x', { messageId: id, createdAt: id }))
    p.emit('messages', 'ch_a', run)
    expect(t.session.getState().messages.map((m) => m.messageId)).toEqual([1, 2, 3, 4, 5, 6])
    expect(states).toBe(1)
    expect(p.calls.filter((c) => c === 'markAsRead ch_a')).toHaveLength(1)
    expect(t.sounds.received).toHaveBeenCalledTimes(1)
  })

  it('never marks read on a compliance route', async () => {
    const t = await opened(true)
    t.provider().emit('messages', 'ch_a', [aMessage('ch_a', 'x', { messageId: 3, createdAt: 3 })])
    expect(t.provider().calls.some((c) => c.startsWith('markAs'))).toBe(false)
    expect(t.session.getState().messages).toHaveLength(3)
  })

  it('buzzes with its sound when none runs, finishing after 2 s', async () => {
    const t = await opened()
    const buzz = (id: number) =>
      aMessage('ch_a', 'x', {
        messageId: id,
        createdAt: id,
        customType: 'buzz',
        data: '{"type":"buzz"}',
      })
    t.provider().emit('messages', 'ch_a', [buzz(3)])
    t.provider().emit('messages', 'ch_b', [buzz(4)])
    expect(t.session.getState().buzz).toBe('started')
    expect(t.sounds.buzz).toHaveBeenCalledTimes(1)
    expect(t.sounds.received).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2000)
    expect(t.session.getState().buzz).toBe('finished')
  })

  it('sends text, buzz and files with pending then succeeded states; failed ones can go again', async () => {
    const t = await opened()
    const states: string[] = []
    t.session.subscribe((state) => states.push(state.outgoing.map((o) => o.state).join(',')))
    const sending = t.session.sendText('hello')
    expect(t.session.getState().outgoing[0]).toMatchObject({ state: 'pending', preview: 'hello' })
    await sending.done
    expect(t.session.getState().outgoing).toEqual([])
    expect(t.session.getState().messages.at(-1)!.message).toBe('hello')
    await t.session.sendBuzz().done
    expect(t.provider().calls).toContain('sendText ch_a  buzz')
    await t.session.sendFile(new Blob(['x']), 'runs.csv', 'text/csv').done

    t.provider().failSends.set('nope', 'Accept the invitation before sending messages')
    const failed = t.session.sendText('nope')
    await expect(failed.done).rejects.toThrow()
    expect(t.session.getState().outgoing[0]).toMatchObject({
      state: 'failed',
      error: 'Accept the invitation before sending messages',
    })
    t.provider().failSends.clear()
    const again = t.session.retry(failed.reqId)
    expect(again.reqId).toBe(failed.reqId)
    await again.done
    expect(t.session.getState().outgoing).toEqual([])
  })

  it('refuses to send without a current channel', async () => {
    const t = setup()
    expect(() => t.session.sendText('x')).toThrow('Chat client not initialised')
    await t.session.start('me')
    expect(() => t.session.sendText('x')).toThrow('No current channel')
  })
})

describe('declines and bans (spec section 4)', () => {
  const declinedBy = (url: string, type: string) =>
    aMessage(url, null, {
      messageType: 'admin',
      customType: 'declined_invite',
      data: JSON.stringify({
        type: 'declined_invite',
        inviter_id: 'me',
        invitee_id: 'x',
        nickname: 'Xavier',
        channel_type: type,
      }),
    })

  it('tells the inviter of a group "{nickname} declined your request"', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    t.provider().emit('messages', 'ch_g', [declinedBy('ch_g', 'group')])
    expect(t.notices).toEqual(['Xavier declined your request'])
  })

  it('in a direct channel removes it, leaves it and selects the first sorted channel', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    await t.session.openChannel('ch_a')
    t.provider().emit('messages', 'ch_a', [declinedBy('ch_a', 'direct')])
    await vi.waitFor(() => expect(t.session.getState().currentChannelUrl).toBe('ch_b'))
    expect(t.notices).toEqual([])
    expect(t.provider().calls).toContain('leave ch_a')
    expect(t.session.getState().channels.map((c) => c.url)).toEqual(['ch_b', 'ch_g'])
  })

  it('declining an invitation removes the channel at once', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    await t.session.decline('ch_g')
    expect(t.provider().calls).toContain('decline ch_g')
    expect(t.session.getState().channels.map((c) => c.url)).toEqual(['ch_a', 'ch_b'])
  })

  it('a banned member leaves the members; banned me moves to another channel', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    await t.session.openChannel('ch_g')
    t.provider().emit('userBanned', 'ch_g', 'x')
    const group = t.session.getState().channels.find((c) => c.url === 'ch_g')!
    expect(group.members.map((m) => m.userId)).toEqual(['me', 'y'])
    t.provider().emit('userBanned', 'ch_g', 'me')
    await vi.waitFor(() => expect(t.session.getState().currentChannelUrl).toBe('ch_a'))
    expect(t.session.getState().channels.some((c) => c.url === 'ch_g')).toBe(false)
  })
})

describe('periodic refresh', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('re-reads visible direct channels every 600000 ms', async () => {
    const t = setup()
    t.prepare((p) => (p.channels = channels()))
    await t.session.start('me')
    t.session.setVisibleDirectChannels(['ch_a', 'ch_g', 'ch_b'])
    await vi.advanceTimersByTimeAsync(600_000)
    expect(t.provider().calls.filter((c) => c.startsWith('getChannel'))).toEqual([
      'getChannel ch_a',
      'getChannel ch_b',
    ])
    await t.session.dispose()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(t.provider().calls.filter((c) => c.startsWith('getChannel'))).toHaveLength(2)
  })
})
