// @vitest-environment jsdom
import type { ChatMe } from '@bonds/domain'
import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  aChannel,
  aMember,
  aMessage,
  createFakeProvider,
  type FakeProvider,
} from '../testing/index.ts'
import { ChatSurveillance, ChatTab } from './chat-tab.tsx'
import { chatSocketUrl, providerConfig } from './runtime.tsx'

const NOW = Date.parse('2026-11-25T10:00:00+05:30')

const chatMe = (overrides: Partial<ChatMe> = {}): ChatMe => ({
  userId: 'me',
  nickname: 'Me',
  metaData: {
    is_staff: 'false',
    is_active: 'true',
    client_id: 'firm-me',
    brand_name: 'Demo Capital',
  },
  data: '{"user_onboarded":true}',
  has_accepted_chat_terms: true,
  can_chat: true,
  ...overrides,
})

function world() {
  const fake = createFakeProvider()
  fake.pageSize = 50
  const direct = aChannel('ch_direct', 'me', ['bharat'], {
    unreadMessageCount: 3,
    lastMessage: aMessage('ch_direct', 'bharat', {
      message: 'Morning runs',
      createdAt: NOW - 60_000,
    }),
  })
  const invited = aChannel('ch_group', 'me', ['bharat', 'vidya'], {
    name: 'Desk',
    customType: 'trading group',
    myMemberState: 'invited',
    myRole: 'none',
    invitedAt: NOW - 1000,
    inviter: { userId: 'bharat' },
  })
  fake.channels = [direct, invited]
  fake.serverMessages.set('ch_direct', [
    aMessage('ch_direct', 'bharat', {
      messageId: 1,
      message: 'Yesterday’s close',
      createdAt: NOW - 86_400_000,
    }),
    aMessage('ch_direct', 'bharat', {
      messageId: 2,
      message: '<b>Morning runs</b>',
      createdAt: NOW - 60_000,
    }),
  ])
  return { fake, direct, invited }
}

function renderChat(ui: 'tab' | 'surveillance', fake: FakeProvider, me = chatMe()) {
  const fetch = createFakeFetch()
    .on('GET', 'api/chat/users/me/', { body: me }, { body: me })
    .on('POST', 'api/issue-sb-session-token', { body: { token: 't1', expires_at: NOW } })
    .on('DELETE', 'api/remove-sb-session', { status: 204 })
  const Screen = ui === 'tab' ? ChatTab : ChatSurveillance
  const view = renderWithStore(<Screen createProvider={() => fake} now={NOW} />, { fake: fetch })
  return { ...view, fetch }
}

describe('the Chat tab', () => {
  it('asks for the chat terms before the first use', async () => {
    const { fake } = world()
    const fetch = createFakeFetch()
      .on(
        'GET',
        'api/chat/users/me/',
        { body: chatMe({ has_accepted_chat_terms: false }) },
        { body: chatMe() },
      )
      .on('PATCH', 'api/client/chat-terms/', { body: { has_accepted_chat_terms: true } })
      .on('POST', 'api/issue-sb-session-token', { body: { token: 't1', expires_at: NOW } })
    renderWithStore(<ChatTab createProvider={() => fake} />, { fake: fetch })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept chat terms' }))
    expect(fetch.callsTo('PATCH', 'api/client/chat-terms/')[0]?.body).toEqual({
      has_accepted_chat_terms: true,
    })
    expect(await screen.findByRole('button', { name: /^Bharat, 3 unread/ })).toBeInTheDocument()
    expect(fetch.callsTo('POST', 'api/issue-sb-session-token')[0]?.body).toEqual({ userId: 'me' })
  })

  it('ends the previous chat session on the server before a remounted tab starts a new one', async () => {
    const { fake } = world()
    const fetch = createFakeFetch()
      .on('GET', 'api/chat/users/me/', { body: chatMe() }, { body: chatMe() })
      .on(
        'POST',
        'api/issue-sb-session-token',
        { body: { token: 't1', expires_at: NOW } },
        {
          body: { token: 't2', expires_at: NOW },
        },
      )
      .on('DELETE', 'api/remove-sb-session', { status: 204 })
    function Remount() {
      const [key, setKey] = useState(0)
      return (
        <>
          <button type="button" onClick={() => setKey(key + 1)}>
            Remount
          </button>
          <ChatTab key={key} createProvider={() => fake} />
        </>
      )
    }
    renderWithStore(<Remount />, { fake: fetch })
    await screen.findByRole('button', { name: /^Bharat/ })
    await userEvent.click(screen.getByRole('button', { name: 'Remount' }))
    await waitFor(() => expect(fetch.callsTo('POST', 'api/issue-sb-session-token')).toHaveLength(2))
    const order = fetch.calls.map((call) => `${call.method} ${call.path}`)
    expect(order.indexOf('DELETE api/remove-sb-session')).toBeLessThan(
      order.lastIndexOf('POST api/issue-sb-session-token'),
    )
    expect(await screen.findByRole('button', { name: /^Bharat/ })).toBeInTheDocument()
  })

  it('lists the channels, opens one, shows its days and sends with Enter', async () => {
    const { fake } = world()
    renderChat('tab', fake)
    const chats = await screen.findByRole('navigation', { name: 'Chats' })
    expect(within(chats).getByRole('button', { name: 'Desk, invitation' })).toBeInTheDocument()
    await userEvent.click(within(chats).getByRole('button', { name: /^Bharat, 3 unread/ }))
    const log = await screen.findByRole('log', { name: 'Messages of Group Channel' })
    // Text, never HTML.
    expect(await within(log).findByText('<b>Morning runs</b>')).toBeInTheDocument()
    expect(within(log).getByRole('separator', { name: 'Yesterday' })).toBeInTheDocument()
    expect(within(log).getByRole('separator', { name: 'Today' })).toBeInTheDocument()
    expect(fake.calls).toContain('markAsRead ch_direct')

    const box = screen.getByRole('textbox', { name: 'Message Bharat' })
    await userEvent.type(box, 'Bid 7.04{Shift>}{Enter}{/Shift}for 25')
    expect(fake.calls.filter((c) => c.startsWith('sendText'))).toEqual([])
    await userEvent.type(box, '{Enter}')
    expect(fake.calls).toContain('sendText ch_direct Bid 7.04\nfor 25')
    expect(box).toHaveValue('')
    expect(await within(log).findByText(/Bid 7.04/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Buzz' }))
    expect(fake.calls).toContain('sendText ch_direct  buzz')
  })

  it('appends a message that arrives, and plays the received sound unless muted', async () => {
    const { fake } = world()
    const play = vi.fn(() => Promise.resolve())
    vi.stubGlobal(
      'Audio',
      vi.fn(function Audio() {
        return { play }
      }),
    )
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: /^Bharat, 3 unread/ }))
    const log = await screen.findByRole('log')
    await within(log).findByText('<b>Morning runs</b>')
    act(() =>
      fake.emit('messages', 'ch_direct', [
        aMessage('ch_direct', 'bharat', { message: 'Lift?', createdAt: NOW }),
      ]),
    )
    expect(await within(log).findByText('Lift?')).toBeInTheDocument()
    expect(play).toHaveBeenCalledTimes(1)
    localStorage.setItem('bonds-sound-muted', 'true')
    act(() =>
      fake.emit('messages', 'ch_direct', [
        aMessage('ch_direct', 'bharat', { message: 'Pass', createdAt: NOW + 1 }),
      ]),
    )
    expect(await within(log).findByText('Pass')).toBeInTheDocument()
    expect(play).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })

  it('loads older messages before the top is reached, and offers a jump to the latest away from the bottom', async () => {
    const { fake } = world()
    const loadPrevious = vi.fn(async () => [])
    const open = fake.messageCollection.bind(fake)
    fake.messageCollection = (url) => Object.assign(open(url), { loadPrevious })
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: /^Bharat, 3 unread/ }))
    const log = await screen.findByRole('log')
    await within(log).findByText('<b>Morning runs</b>')
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 2000 })
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 })
    // The channel opened at its latest message; the reader scrolls up to the top.
    log.scrollTop = 1600
    fireEvent.scroll(log)
    expect(loadPrevious).not.toHaveBeenCalled()
    // Scrolled up, the next older page is asked for before the top (three screens from it).
    log.scrollTop = 1100
    fireEvent.scroll(log)
    expect(loadPrevious).toHaveBeenCalledTimes(1)
    await act(async () => {})
    log.scrollTop = 0
    fireEvent.scroll(log)
    expect(loadPrevious).toHaveBeenCalledTimes(2)
    const jump = await screen.findByRole('button', { name: 'Jump to latest' })
    log.scrollTop = 1600
    fireEvent.scroll(log)
    await waitFor(() => expect(jump).not.toBeInTheDocument())
  })

  it('keeps the reader’s place in the cached messages when the server’s latest page arrives', async () => {
    const { fake } = world()
    const m = (id: number) =>
      aMessage('ch_direct', 'bharat', {
        messageId: id,
        message: `Run ${id}`,
        createdAt: NOW - 200_000 + id * 1000,
      })
    const ids = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i)
    // 60 messages cached (older pages read before); the server's latest page is 31–61.
    fake.cachedMessages.set('ch_direct', ids(1, 60).map(m))
    fake.serverMessages.set('ch_direct', ids(31, 61).map(m))
    let release = () => undefined as void
    fake.serverHeld = new Promise<void>((resolve) => (release = resolve))
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: /^Bharat, 3 unread/ }))
    const log = await screen.findByRole('log')
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 3200 })
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 })
    await within(log).findByText('Run 60')
    log.scrollTop = 2800
    fireEvent.scroll(log)
    // The reader scrolls up to older cached messages while the server's page is on its way.
    log.scrollTop = 1000
    fireEvent.scroll(log)
    const reading = await within(log).findByText('Run 25')
    await act(async () => release())
    await within(log).findByText('Run 61')
    // Their place holds: the same scroll offset, the same message there.
    expect(log.scrollTop).toBe(1000)
    expect(within(log).getByText('Run 25')).toBe(reading)
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeInTheDocument()
  })

  it('shows a buzz from someone else, with its sound, and accepts an invitation', async () => {
    const { fake, invited } = world()
    const play = vi.fn((_src: string) => Promise.resolve())
    vi.stubGlobal(
      'Audio',
      vi.fn(function Audio(src: string) {
        return { play: () => play(src) }
      }),
    )
    const accepted: string[] = []
    fake.accept = async (url) => {
      accepted.push(url)
      return { ...invited, myMemberState: 'joined' }
    }
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: 'Desk, invitation' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }))
    expect(accepted).toEqual(['ch_group'])
    act(() =>
      fake.emit('messages', 'ch_group', [
        aMessage('ch_group', 'bharat', {
          message: '',
          customType: 'buzz',
          data: '{"type":"buzz"}',
          createdAt: NOW,
        }),
      ]),
    )
    expect(await screen.findByText('Buzz!')).toBeInTheDocument()
    expect(await screen.findByText('Bharat buzzed')).toBeInTheDocument()
    expect(play).toHaveBeenCalledWith(expect.stringContaining('buzz'))
    vi.unstubAllGlobals()
  })

  it('offers an invitation to accept or decline', async () => {
    const { fake } = world()
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: 'Desk, invitation' }))
    expect(await screen.findByText('Bharat invited you to this trading group.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^Message/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(fake.calls).toContain('decline ch_group')
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Desk, invitation' })).toBeNull(),
    )
  })

  it('shows "You are offline" while the chat is offline and "Connected" when it is back', async () => {
    const { fake } = world()
    renderChat('tab', fake)
    await screen.findByRole('button', { name: /^Bharat/ })
    act(() => fake.emit('connection', 'disconnected'))
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Chat: offline' })).toBeInTheDocument()
    act(() => fake.emit('connection', 'reconnect_succeeded'))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
  })

  it('shows a member list with operators, staff under the product name, and ban for operators', async () => {
    const { fake } = world()
    fake.channels = [
      aChannel('ch_team', 'me', [], {
        name: 'Team',
        members: [
          aMember('me', { role: 'operator' }),
          aMember('sam', {
            metaData: {
              is_staff: 'true',
              is_active: 'true',
              client_id: 'staff',
              brand_name: 'Bonds',
            },
          }),
          aMember('bharat'),
        ],
        memberCount: 3,
      }),
    ]
    renderChat('tab', fake)
    await userEvent.click(await screen.findByRole('button', { name: 'Team' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Members (3)' }))
    const drawer = await screen.findByRole('dialog', { name: 'Members (3)' })
    expect(within(drawer).getByText('Bonds Workspace')).toBeInTheDocument()
    expect(within(drawer).queryByText('Sam')).toBeNull()
    expect(within(drawer).getByText('Operator')).toBeInTheDocument()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ban Bharat' }))
    expect(fake.calls).toContain('ban ch_team bharat')
  })
})

describe('WhatsApp-linked channels and link previews', () => {
  it('marks a linked channel, names a WhatsApp sender and shows a preview as text', async () => {
    const fake = createFakeProvider()
    fake.pageSize = 50
    const linked = aChannel('ch_wa', 'me', ['bharat'], {
      name: 'Client desk',
      customType: 'group',
      is_whatsapp_linked_channel: true,
    })
    fake.channels = [linked]
    fake.serverMessages.set('ch_wa', [
      aMessage('ch_wa', 'bharat', {
        messageId: 1,
        message: 'Curve note https://example.com/curve',
        ogMetaData: {
          url: 'https://example.com/curve',
          title: '<i>Curve</i> today',
          description: 'Yields → 7.04%',
        },
        createdAt: NOW - 120_000,
      }),
      aMessage('ch_wa', 'bharat', {
        messageId: 2,
        sender: null,
        customType: 'whatsapp',
        data: JSON.stringify({ type: 'whatsapp', from: '919812345678', name: 'Ravi Treasury' }),
        message: 'Need 25 cr, offer?',
        createdAt: NOW - 60_000,
      }),
    ])
    renderChat('tab', fake)
    const chats = await screen.findByRole('navigation', { name: 'Chats' })
    const row = within(chats).getByRole('button', { name: /^Client desk, linked to WhatsApp/ })
    expect(within(row).getByText('WhatsApp')).toBeInTheDocument()
    await userEvent.click(row)
    const log = await screen.findByRole('log', { name: 'Messages of Client desk' })
    expect(await within(log).findByText('Ravi Treasury (WhatsApp)')).toBeInTheDocument()
    const preview = within(log).getByRole('link', { name: '<i>Curve</i> today' })
    expect(preview).toHaveAttribute('href', 'https://example.com/curve')
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(within(log).getByText('Yields → 7.04%')).toBeInTheDocument()
  })
})

describe('message actions (the extension point for other features)', () => {
  it('renders the app’s actions under the text messages of a trading group only', async () => {
    const { fake } = world()
    const desk = aChannel('ch_desk', 'me', ['vidya', 'kiran'], {
      name: 'Rates desk',
      customType: 'trading group',
    })
    fake.channels = [...fake.channels, desk]
    fake.serverMessages.set('ch_desk', [
      aMessage('ch_desk', 'vidya', {
        messageId: 7,
        message: 'GS 2032 99.50 5cr',
        createdAt: NOW - 5000,
      }),
    ])
    const fetch = createFakeFetch()
      .on('GET', 'api/chat/users/me/', { body: chatMe() })
      .on('POST', 'api/issue-sb-session-token', { body: { token: 't1', expires_at: NOW } })
      .on('DELETE', 'api/remove-sb-session', { status: 204 })
    const seen = vi.fn()
    renderWithStore(
      <ChatTab
        createProvider={() => fake}
        now={NOW}
        messageActions={({ channel, message }) => {
          seen(channel.url, message.messageId)
          return <button type="button">Create ticket from message {message.messageId}</button>
        }}
      />,
      { fake: fetch },
    )
    const chats = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.click(await within(chats).findByRole('button', { name: /^Rates desk/ }))
    expect(
      await screen.findByRole('button', { name: 'Create ticket from message 7' }),
    ).toBeInTheDocument()
    await userEvent.click(within(chats).getByRole('button', { name: /^Bharat, 3 unread/ }))
    await screen.findByText('<b>Morning runs</b>')
    expect(screen.queryByRole('button', { name: /Create ticket/ })).toBeNull()
    expect(seen).toHaveBeenCalledWith('ch_desk', 7)
    expect(seen).not.toHaveBeenCalledWith('ch_direct', expect.anything())
  })
})

describe('/surveillance chats', () => {
  it('reads a chat without marking it read, with no composer, and downloads it', async () => {
    const { fake } = world()
    const { fetch } = renderChat('surveillance', fake, chatMe({ can_chat: false }))
    fetch.on('POST', 'api/download-chats', {
      body: 'time,sender\r\n',
      headers: {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="chat.csv"',
      },
    })
    URL.createObjectURL = vi.fn(() => 'blob:chat')
    URL.revokeObjectURL = vi.fn()
    await userEvent.click(await screen.findByRole('button', { name: /^Me · Bharat/ }))
    expect(await screen.findByText('<b>Morning runs</b>')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^Message/ })).toBeNull()
    act(() =>
      fake.emit('messages', 'ch_direct', [
        aMessage('ch_direct', 'bharat', { message: 'Lift?', createdAt: NOW }),
      ]),
    )
    expect(await screen.findByText('Lift?')).toBeInTheDocument()
    expect(fake.calls.filter((c) => c.startsWith('markAs'))).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Chat actions' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download chat' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Download chat' }))
    expect(await screen.findByText('Downloaded chat.csv')).toBeInTheDocument()
    const body = fetch.callsTo('POST', 'api/download-chats')[0]?.body as { channelIds: string[] }
    expect(body.channelIds).toEqual(['ch_direct'])
  })
})

describe('the provider', () => {
  it('is the local chat service unless the server names a Sendbird application', () => {
    const api = {} as never
    expect(providerConfig({}, api)).toMatchObject({ kind: 'local', http: api })
    expect(providerConfig({}, api)).toMatchObject({ socketUrl: 'ws://localhost:3000/ws/chat/' })
    expect(providerConfig({ provider: { kind: 'sendbird' } }, api).kind).toBe('local')
    expect(providerConfig({ provider: { kind: 'sendbird', appId: 'APP-1' } }, api)).toEqual({
      kind: 'sendbird',
      appId: 'APP-1',
    })
    expect(chatSocketUrl({ protocol: 'https:', host: 'bonds.example' })).toBe(
      'wss://bonds.example/ws/chat/',
    )
  })
})
