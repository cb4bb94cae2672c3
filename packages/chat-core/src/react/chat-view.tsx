// The chat screen over a session in context: the channel list on the left, the open channel on
// the right (its header, members, messages and composer, or an invitation to accept or decline).
// On /surveillance it is view only: no composer, nothing marked read, and a download.
import { Deferred, lazyWithPreload, useOpenedOnce } from '@bonds/ui-kit'
import type { ChatChannel, ChatChannelType, ChatMe } from '@bonds/domain'
import { Alert, Badge, Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core'
import { IconBell, IconPlus, IconUsers } from '@tabler/icons-react'
import { Suspense, useCallback, useState } from 'react'
import { memberMeta } from '../model/channel-rules.ts'
import { channelDisplayName, memberDisplayName } from '../model/people.ts'
import { CHAT_ERRORS } from '../model/errors.ts'
import { ChannelList } from './channel-list.tsx'
import { Composer } from './composer.tsx'
import { useChatConnectivityNotices } from './connectivity.ts'
import { ChannelMenuButton } from './channel-menu-button.tsx'
import { CHANNEL_TYPE_LABELS } from './channel-types.ts'
import { MessageList } from './message-list.tsx'
import type { NewChannel } from './people-picker.tsx'
import { useChatSession, useChatState } from './runtime.tsx'

export { downloadRange } from './download-range.ts'

// The actions menu, the dialogs and the members drawer are fetched on hover or focus of what opens
// them and shown when first opened (the Chat tab is part of dart's first load, issue 21).
const ChannelMenu = lazyWithPreload(() => import('./channel-menu.tsx'))
const MembersPanel = lazyWithPreload(() =>
  import('./members-panel.tsx').then((m) => ({ default: m.MembersPanel })),
)
const WhatsappLink = lazyWithPreload(() =>
  import('./whatsapp-link.tsx').then((m) => ({ default: m.WhatsappLink })),
)
const InviteModal = lazyWithPreload(() =>
  import('./people-picker.tsx').then((m) => ({ default: m.InviteModal })),
)
const CreateChannelModal = lazyWithPreload(() =>
  import('./people-picker.tsx').then((m) => ({ default: m.CreateChannelModal })),
)
const DownloadModal = lazyWithPreload(() =>
  import('./download-modal.tsx').then((m) => ({ default: m.DownloadModal })),
)

/** Fetch the members drawer and the WhatsApp link in its header together. */
function preloadMembers() {
  void MembersPanel.preload()
  void WhatsappLink.preload()
}

/** Which screen: the dart Chat tab, or the compliance officer's view only. */
export type ChatMode = 'chat' | 'surveillance'

/** Every channel type, in the order the create form offers them. */
export const ALL_CHANNEL_TYPES: readonly ChatChannelType[] = [
  'direct',
  'group',
  'trading group',
  'broadcast',
]

/** Props of ChatView. */
export interface ChatViewProps {
  me: Pick<ChatMe, 'userId' | 'metaData' | 'can_chat' | 'whatsapp'>
  mode: ChatMode
  /** The types this user may create (a trading group: Dealers only). */
  channelTypes?: readonly ChatChannelType[]
  /** "Now" for day separators (stories and tests). */
  now?: number
  /** What the tab is for (spec section 2's text), shown before a chat is chosen. */
  description?: string
}

const FAILURE_TEXT: Partial<Record<string, string>> = {
  deactivated: 'Your chat account is deactivated.',
  user_not_found: CHAT_ERRORS.noUser,
  terms_not_accepted: 'Accept the chat terms before using chat',
  session_revoked: 'Your chat session ended.',
  token_expired: 'Your chat session expired.',
}

function InvitationBanner({ channel, me }: { channel: ChatChannel; me: string }) {
  const session = useChatSession()
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null)
  const inviter = channel.members.find((m) => m.userId === channel.inviter?.userId)
  const mine = channel.members.find((m) => m.userId === me)
  const inviterName = inviter
    ? memberDisplayName(inviter, mine ? memberMeta(mine).isStaff : false)
    : 'Someone'
  const act = async (kind: 'accept' | 'decline') => {
    setBusy(kind)
    try {
      if (kind === 'accept') await session.provider().accept(channel.url)
      else await session.decline(channel.url)
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null)
    }
  }
  return (
    <Alert color="blue" m="xs" title="Invitation">
      <Stack gap="xs">
        <Text size="sm">
          {inviterName} invited you to this {CHANNEL_TYPE_LABELS[channel.customType].toLowerCase()}.
        </Text>
        <Group gap="xs">
          <Button size="xs" loading={busy === 'accept'} onClick={() => void act('accept')}>
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={busy === 'decline'}
            onClick={() => void act('decline')}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function ChannelPane(props: {
  channel: ChatChannel
  name: string
  me: string
  mode: ChatMode
  canChat: boolean
  /** WhatsApp linking is configured on the server. */
  whatsapp: boolean
  now?: number
}) {
  const { channel, name, me, mode, canChat } = props
  const session = useChatSession()
  const state = useChatState()
  const [panel, setPanel] = useState<'members' | 'invite' | 'download' | null>(null)
  const close = () => setPanel(null)
  const membersShown = useOpenedOnce(panel === 'members')
  const inviteShown = useOpenedOnce(panel === 'invite')
  const downloadShown = useOpenedOnce(panel === 'download')
  const readOnly = mode === 'surveillance' || !canChat
  const invited = channel.myMemberState === 'invited'
  const operator = channel.myRole === 'operator'
  const mine = channel.members.find((m) => m.userId === me)
  const viewerIsStaff = mine ? memberMeta(mine).isStaff : false
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group
        justify="space-between"
        px="sm"
        py={6}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={3} size="sm" lineClamp={1}>
            {name}
          </Title>
          <Badge size="xs" variant="light" color="gray">
            {CHANNEL_TYPE_LABELS[channel.customType]}
          </Badge>
          {state.buzz === 'started' ? (
            <Badge
              size="sm"
              color="orange"
              leftSection={<IconBell size={12} aria-hidden />}
              role="status"
            >
              Buzz!
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconUsers size={14} aria-hidden />}
            onPointerEnter={preloadMembers}
            onFocus={preloadMembers}
            onClick={() => setPanel('members')}
          >
            Members ({channel.memberCount})
          </Button>
          <Deferred
            preload={ChannelMenu.preload}
            popup="menu"
            target={(targetProps) => <ChannelMenuButton {...targetProps} />}
          >
            <ChannelMenu
              canInvite={!readOnly && operator && channel.customType !== 'direct' && !invited}
              canLeave={!readOnly && !invited}
              onInvite={() => setPanel('invite')}
              onDownload={() => setPanel('download')}
              onLeave={() => void session.leave(channel.url).catch(() => {})}
            />
          </Deferred>
        </Group>
      </Group>
      {invited && !readOnly ? <InvitationBanner channel={channel} me={me} /> : null}
      <MessageList
        channel={channel}
        messages={state.messages}
        outgoing={state.outgoing}
        me={me}
        viewerIsStaff={viewerIsStaff}
        {...(props.now === undefined ? {} : { now: props.now })}
      />
      {readOnly ? (
        <Text
          size="xs"
          c="dimmed"
          p="xs"
          ta="center"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          View only: reading here marks nothing as read.
        </Text>
      ) : invited ? null : (
        <Composer
          channelName={name}
          canBuzz={channel.customType !== 'broadcast'}
          buzzing={state.buzz === 'started'}
        />
      )}
      <Suspense fallback={null}>
        {membersShown ? (
          <MembersPanel
            opened={panel === 'members'}
            onClose={close}
            channel={channel}
            me={me}
            readOnly={readOnly}
            onBan={(member) => session.provider().ban(channel.url, member.userId)}
            onMakeOperator={(member) =>
              session.provider().addOperators(channel.url, [member.userId])
            }
            header={
              <WhatsappLink
                channel={channel}
                canManage={!readOnly && operator && !invited}
                configured={props.whatsapp}
              />
            }
          />
        ) : null}
        {inviteShown ? (
          <InviteModal
            opened={panel === 'invite'}
            onClose={close}
            channelName={name}
            members={channel.members.map((m) => m.userId)}
            onInvite={async (ids) => void (await session.provider().invite(channel.url, ids))}
          />
        ) : null}
        {downloadShown ? (
          <DownloadModal
            opened={panel === 'download'}
            onClose={close}
            channel={channel}
            name={name}
          />
        ) : null}
      </Suspense>
    </Stack>
  )
}

/** The chat screen over the session in context. */
export function ChatView(props: ChatViewProps) {
  const { me, mode, channelTypes = ALL_CHANNEL_TYPES, now, description } = props
  const session = useChatSession()
  const state = useChatState()
  const [creating, setCreating] = useState(false)
  const createShown = useOpenedOnce(creating)
  useChatConnectivityNotices(state.status)
  const userId = me.userId
  const canChat = mode === 'chat' && me.can_chat
  const nameOf = useCallback(
    (channel: ChatChannel) => {
      if (mode === 'surveillance' && channel.customType === 'direct')
        return channel.members.map((m) => m.nickname).join(' · ')
      return channelDisplayName(channel, userId) || channel.name
    },
    [mode, userId],
  )
  const current = state.channels.find((c) => c.url === state.currentChannelUrl) ?? null
  const open = (url: string) => void session.openChannel(url).catch(() => {})
  const create = async ({ customType, name, people }: NewChannel) => {
    const ids = people.map((p) => p.user_id)
    const channel = await session.provider().createChannel({
      customType,
      invitedUserIds: ids,
      ...(customType === 'direct' ? { isDistinct: true } : name ? { name } : {}),
    })
    await session.openChannel(channel.url)
  }

  return (
    <Group gap={0} h="100%" align="stretch" wrap="nowrap" style={{ minHeight: 0 }} data-chat-view>
      <Stack
        gap={6}
        p="xs"
        w={300}
        style={{ borderRight: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="sm">
            {mode === 'surveillance' ? 'Chats of your firm' : 'Chats'}
          </Title>
          <Group gap={6} wrap="nowrap">
            <Badge
              size="xs"
              variant="dot"
              color={
                state.status === 'online'
                  ? 'teal'
                  : state.status === 'offline' || state.status === 'closed'
                    ? 'red'
                    : 'gray'
              }
              role="status"
              aria-label={`Chat: ${state.status}`}
            >
              {state.status === 'online'
                ? 'Online'
                : state.status === 'starting' || state.status === 'idle'
                  ? 'Connecting'
                  : 'Offline'}
            </Badge>
            {canChat ? (
              <Button
                size="compact-xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onPointerEnter={() => void CreateChannelModal.preload()}
                onFocus={() => void CreateChannelModal.preload()}
                onClick={() => setCreating(true)}
              >
                New chat
              </Button>
            ) : null}
          </Group>
        </Group>
        {state.status === 'closed' ? (
          <Alert color="red" p="xs" title="Chat is not connected">
            <Stack gap={4}>
              <Text size="xs">
                {(state.failure && FAILURE_TEXT[state.failure]) ?? 'The chat could not connect.'}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => void session.start(userId).catch(() => {})}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <ChannelList
          channels={state.channels}
          me={userId}
          currentUrl={state.currentChannelUrl}
          onOpen={open}
          nameOf={nameOf}
          loading={!state.channelsLoaded}
        />
      </Stack>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {current ? (
          <ChannelPane
            key={current.url}
            channel={current}
            name={nameOf(current)}
            me={userId}
            mode={mode}
            canChat={canChat}
            whatsapp={me.whatsapp === true}
            {...(now === undefined ? {} : { now })}
          />
        ) : (
          <Center h="100%" p="md">
            <Text size="sm" c="dimmed" ta="center">
              {mode === 'surveillance'
                ? 'Choose a chat to read it. Reading here marks nothing as read.'
                : (description ?? 'Choose a chat, or start one with New chat.')}
            </Text>
          </Center>
        )}
      </Box>
      {canChat && createShown ? (
        <Suspense fallback={null}>
          <CreateChannelModal
            opened={creating}
            onClose={() => setCreating(false)}
            onCreate={create}
            types={channelTypes}
          />
        </Suspense>
      ) : null}
    </Group>
  )
}
