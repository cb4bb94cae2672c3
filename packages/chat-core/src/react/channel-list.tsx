// The channel list: virtualised (only the rows in view are in the page), each with its name, the
// last message, the unread count and, for an invitation, a mark; a search over the names. It tells
// the session which direct channels are in view (the periodic refresh, spec section 4).
import type { ChatChannel } from '@bonds/domain'
import {
  Avatar,
  Badge,
  Box,
  Group,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconSearch, IconSpeakerphone, IconUsers, IconUsersGroup } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { isBuzz } from '../model/buzz.ts'
import { otherMember } from '../model/channel-rules.ts'
import { avatarColour } from '../model/people.ts'
import { chatTime } from './format.ts'
import { observeRect } from './message-list.tsx'
import { useChatSession } from './runtime.tsx'

const ROW_HEIGHT = 56

/** The last message of a channel as one line. */
export function lastMessageLine(channel: ChatChannel, me: string): string {
  const last = channel.lastMessage
  if (!last) return channel.myMemberState === 'invited' ? 'Invitation' : 'No messages yet'
  const who = last.sender ? (last.sender.userId === me ? 'You: ' : '') : ''
  if (isBuzz(last)) return `${who}Buzz`
  if (last.messageType === 'file') return `${who}${last.name ?? 'File'}`
  return `${who}${last.message.replace(/\s+/g, ' ')}`
}

/** A channel's name as shown to this viewer (a compliance officer: the members' names). */
export type ChannelNamer = (channel: ChatChannel) => string

function TypeIcon({ channel }: { channel: ChatChannel }) {
  if (channel.customType === 'broadcast') return <IconSpeakerphone size={16} aria-hidden />
  if (channel.customType === 'trading group') return <IconUsersGroup size={16} aria-hidden />
  return <IconUsers size={16} aria-hidden />
}

/** Props of ChannelList. */
export interface ChannelListProps {
  channels: readonly ChatChannel[]
  me: string
  currentUrl: string | null
  onOpen: (url: string) => void
  nameOf: ChannelNamer
  loading: boolean
}

/** The channel list with its search. */
export function ChannelList({
  channels,
  me,
  currentUrl,
  onOpen,
  nameOf,
  loading,
}: ChannelListProps) {
  const session = useChatSession()
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase()
    return query ? channels.filter((c) => nameOf(c).toLowerCase().includes(query)) : channels
  }, [channels, search, nameOf])
  const scroller = useRef<HTMLDivElement>(null)
  const rowId = useId()
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => shown[index]?.url ?? index,
    observeElementRect: observeRect,
    initialRect: { width: 280, height: 480 },
  })
  const items = virtualizer.getVirtualItems()

  // The direct channels in view (rows at least partly shown; the virtualiser's own range).
  const { startIndex, endIndex } = virtualizer.range ?? { startIndex: 0, endIndex: -1 }
  const visibleKey = shown
    .slice(startIndex, endIndex + 1)
    .filter((c) => c.customType === 'direct')
    .map((c) => c.url)
    .join(' ')
  useEffect(() => {
    session.setVisibleDirectChannels(visibleKey ? visibleKey.split(' ') : [])
  }, [session, visibleKey])

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = Math.min(Math.max(index + step, 0), shown.length - 1)
    virtualizer.scrollToIndex(next)
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-row="${next}"]`)?.focus(),
    )
  }

  return (
    <Stack gap={6} h="100%" style={{ minHeight: 0 }}>
      <TextInput
        size="xs"
        aria-label="Search chats"
        placeholder="Search chats"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Box
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', contain: 'strict' }}
        aria-label="Chats"
        role="navigation"
      >
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {loading
              ? 'Loading chats…'
              : search
                ? `No chat matches “${search}”.`
                : 'No chats yet. Start one with New chat.'}
          </Text>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const channel = shown[item.index]
              if (!channel) return null
              const name = nameOf(channel)
              const other = channel.customType === 'direct' ? otherMember(channel, me) : null
              const selected = channel.url === currentUrl
              const invited = channel.myMemberState === 'invited'
              const unread = channel.unreadMessageCount
              const describedBy = `${rowId}-${item.index}`
              return (
                <UnstyledButton
                  key={item.key}
                  data-row={item.index}
                  onClick={() => onOpen(channel.url)}
                  onKeyDown={(event: KeyboardEvent) => onKeyDown(event, item.index)}
                  aria-current={selected ? 'true' : undefined}
                  // Named by what it shows (WCAG 2.5.3): the chat's name and, unseen, its state;
                  // the time and the last message describe it.
                  aria-describedby={
                    channel.lastMessage ? `${describedBy} ${describedBy}-time` : describedBy
                  }
                  px="xs"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Group gap={8} wrap="nowrap" h="100%">
                    <Avatar
                      aria-hidden
                      size={32}
                      radius="xl"
                      variant="light"
                      // The pair's colour as the background, the text colour on it (AA in both themes).
                      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
                      color={avatarColour(me, other?.userId ?? channel.url)}
                    >
                      {other ? (
                        name.slice(0, 2).toUpperCase() || '?'
                      ) : (
                        <TypeIcon channel={channel} />
                      )}
                    </Avatar>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Group gap={4} justify="space-between" wrap="nowrap">
                        <Text size="sm" fw={unread > 0 ? 700 : 500} truncate>
                          {name}
                          {invited || unread > 0 || channel.is_whatsapp_linked_channel ? (
                            <VisuallyHidden component="span">
                              {`${channel.is_whatsapp_linked_channel ? ', linked to WhatsApp' : ''}${invited ? ', invitation' : ''}${unread > 0 ? `, ${unread} unread` : ''}`}
                            </VisuallyHidden>
                          ) : null}
                        </Text>
                        {channel.is_whatsapp_linked_channel ? (
                          <Badge
                            size="xs"
                            color="green"
                            variant="light"
                            aria-hidden
                            style={{ flexShrink: 0 }}
                          >
                            WhatsApp
                          </Badge>
                        ) : null}
                        {channel.lastMessage ? (
                          <Text
                            size="10px"
                            c="dimmed"
                            ff="monospace"
                            aria-hidden
                            id={`${describedBy}-time`}
                          >
                            {chatTime(channel.lastMessage.createdAt)}
                          </Text>
                        ) : null}
                      </Group>
                      <Group gap={4} justify="space-between" wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate aria-hidden id={describedBy}>
                          {lastMessageLine(channel, me)}
                        </Text>
                        {invited ? (
                          <Badge size="xs" variant="outline" aria-hidden style={{ flexShrink: 0 }}>
                            Invited
                          </Badge>
                        ) : unread > 0 ? (
                          <Badge
                            size="xs"
                            circle={unread < 10}
                            aria-hidden
                            style={{ flexShrink: 0 }}
                          >
                            {unread > 99 ? '99+' : unread}
                          </Badge>
                        ) : null}
                      </Group>
                    </Stack>
                  </Group>
                </UnstyledButton>
              )
            })}
          </div>
        )}
      </Box>
    </Stack>
  )
}
