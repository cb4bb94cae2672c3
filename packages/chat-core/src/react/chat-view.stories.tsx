import { createFakeFetch } from '@bonds/api-client/testing'
import type { ChatChannel, ChatMe } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { Provider } from 'react-redux'
import { createChatSession } from '../session/session.ts'
import { aChannel, aMember, aMessage, createFakeProvider } from '../testing/index.ts'
import { ChatTab } from './chat-tab.tsx'
import { ChatView, type ChatMode } from './chat-view.tsx'
import { ChatSessionProvider } from './runtime.tsx'

const NOW = Date.parse('2026-11-25T12:30:00+05:30')
const minutes = (n: number) => NOW - n * 60_000

const ME: ChatMe = {
  userId: 'dev',
  nickname: 'Dev Dealer',
  metaData: {
    is_staff: 'false',
    is_active: 'true',
    client_id: 'capital',
    brand_name: 'Demo Capital',
  },
  data: '{"user_onboarded":true}',
  has_accepted_chat_terms: true,
  can_chat: true,
}

const bharat = aMember('bharat', {
  nickname: 'Bharat Broker',
  connectionStatus: 'online',
  metaData: {
    is_staff: 'false',
    is_active: 'true',
    client_id: 'securities',
    brand_name: 'Demo Securities',
  },
  lastReadMessageId: 5,
  lastDeliveredMessageId: 6,
})
const dev = aMember('dev', { nickname: 'Dev Dealer', role: 'operator' })
const staff = aMember('sam', {
  nickname: 'Sam Support',
  metaData: { is_staff: 'true', is_active: 'true', client_id: 'bonds', brand_name: 'Bonds' },
})

const DESK = 'ch_desk'
const TALK: [number, string, string][] = [
  [1500, 'bharat', 'Gm Dev. Morning runs 👇'],
  [
    1499,
    'bharat',
    '6.54 GS 32  7.0425/7.0375  25/25\n7.18 GS 33  7.0950/7.0900  50/25\nT+1, NDS-OM. Sizes in cr',
  ],
  [90, 'dev', 'Need 25 cr 6.54 GS 32 for the treasury book. Can you work 7.0400 for 25?'],
  [88, 'bharat', 'Offer firm at 7.0375 for 25, seller won’t move before the auction. Best 7.0390'],
  [86, 'dev', '7.0395 and we close. T+1, ICCL settlement'],
  [78, 'bharat', 'Chkd. Seller ok at 7.0395 for 15 cr only. Balance 10 at 7.0375'],
  [76, 'dev', 'Fine. 15 @ 7.0395 done. Leave the 10 for now, will revert post auction'],
  [75, 'bharat', 'Done ✅ 15 cr 6.54 GS 2032 @ 7.0395% yld, T+1, your buy. Ticket to follow'],
]
const messages = TALK.map(([ago, who, text], i) =>
  aMessage(DESK, who, {
    messageId: i + 1,
    message: text,
    createdAt: minutes(ago),
    sender: { userId: who, nickname: who === 'dev' ? 'Dev Dealer' : 'Bharat Broker' },
  }),
)

/** A channel linked to a client's WhatsApp number, with a link preview fetched by the server. */
const whatsappTalk = [
  aMessage('ch_whatsapp', 'dev', {
    messageId: 101,
    message: 'Auction cut-offs: https://rbi.org.in/auctions',
    createdAt: minutes(40),
    sender: { userId: 'dev', nickname: 'Dev Dealer' },
    ogMetaData: {
      url: 'https://rbi.org.in/auctions',
      title: 'Auction results — Government of India dated securities',
      description: 'Cut-off yields and amounts accepted for this week’s auction.',
    },
  }),
  aMessage('ch_whatsapp', 'dev', {
    messageId: 102,
    sender: null,
    customType: 'whatsapp',
    data: JSON.stringify({ type: 'whatsapp', from: '919812345678', name: 'Ravi Treasury' }),
    message: 'Thanks. Need 25 cr 7.26 GS 2033, what is your offer?',
    createdAt: minutes(35),
  }),
]

function channels(): ChatChannel[] {
  return [
    aChannel(DESK, 'dev', [], {
      name: 'Demo Capital × Demo Securities · G-sec desk',
      customType: 'trading group',
      members: [dev, bharat, staff],
      memberCount: 3,
      lastMessage: messages.at(-1)!,
    }),
    aChannel('ch_direct', 'dev', [], {
      members: [dev, bharat],
      memberCount: 2,
      customType: 'direct',
      unreadMessageCount: 2,
      lastMessage: aMessage('ch_direct', 'bharat', {
        message: 'Dev, call you in 5 re the balance 32s',
        createdAt: minutes(20),
      }),
    }),
    aChannel('ch_whatsapp', 'dev', [], {
      name: 'Treasury client (WhatsApp)',
      customType: 'group',
      members: [dev, bharat],
      memberCount: 2,
      is_whatsapp_linked_channel: true,
      lastMessage: whatsappTalk.at(-1)!,
    }),
    aChannel('ch_invite', 'dev', [], {
      name: 'SDL switch desk',
      members: [
        { ...dev, role: 'none', state: 'invited' },
        { ...bharat, role: 'operator' },
      ],
      memberCount: 2,
      myMemberState: 'invited',
      myRole: 'none',
      invitedAt: minutes(5),
      inviter: { userId: 'bharat' },
    }),
  ]
}

/** A chat screen over a scripted provider, with a channel open. */
function Scripted(props: { mode: ChatMode; open: string | null; empty?: boolean }) {
  const [{ store }] = useState(() => createTestStore())
  const [session] = useState(() => {
    const fake = createFakeProvider()
    fake.pageSize = 50
    fake.channels = props.empty ? [] : channels()
    fake.serverMessages.set(DESK, messages)
    fake.serverMessages.set('ch_whatsapp', whatsappTalk)
    return createChatSession({
      createProvider: () => fake,
      issueToken: async () => 'story',
      removeSession: async () => {},
      isComplianceView: () => props.mode === 'surveillance',
    })
  })
  useEffect(() => {
    void session.start('dev').then(() => (props.open ? session.openChannel(props.open) : undefined))
    return () => void session.dispose()
  }, [session, props.open])
  return (
    <Provider store={store}>
      <ChatSessionProvider session={session}>
        <Box h="100vh">
          <ChatView
            me={{ ...ME, can_chat: props.mode === 'chat' }}
            mode={props.mode}
            now={NOW}
            description="Connect with other members ... via direct chat, groups, broadcast lists, and more."
          />
        </Box>
      </ChatSessionProvider>
    </Provider>
  )
}

const meta = {
  title: 'chat-core/Chat',
  component: Scripted,
  args: { mode: 'chat', open: DESK },
} satisfies Meta<typeof Scripted>

export default meta
type Story = StoryObj<typeof meta>

/** The trading group open: runs, a negotiation, read receipts and the composer. */
export const TradingGroup: Story = {}

/** The same, dark. */
export const Dark: Story = { parameters: { scheme: 'dark' } }

/** An invitation to a group: accept or decline before writing. */
export const Invitation: Story = { args: { open: 'ch_invite' } }

/** A channel linked to WhatsApp: the mark in the list, a WhatsApp sender, a link preview. */
export const WhatsappLinked: Story = { args: { open: 'ch_whatsapp' } }

/** No chat chosen yet: the tab says what it is for. */
export const NothingOpen: Story = { args: { open: null } }

/** No chats at all yet. */
export const NoChats: Story = { args: { open: null, empty: true } }

/** /surveillance: the compliance officer reads, view only, and can download. */
export const Surveillance: Story = { args: { mode: 'surveillance' } }

function TermsFirstScreen() {
  const [{ store }] = useState(() =>
    createTestStore({
      fake: createFakeFetch().on('GET', 'api/chat/users/me/', {
        body: { ...ME, has_accepted_chat_terms: false },
      }),
    }),
  )
  return (
    <Provider store={store}>
      <Box h="100vh">
        <ChatTab description="Connect with other members ... via direct chat, groups, broadcast lists, and more." />
      </Box>
    </Provider>
  )
}

/** Before the first use: the chat terms to accept. */
export const TermsFirst: Story = { render: () => <TermsFirstScreen /> }
