// /mind and /mind/chat/{id}: the researcher's chats beside one conversation; ask, continue,
// rename, delete and share. A new chat starts with suggested questions.
import {
  Button,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconDots, IconPlus, IconSend } from '@tabler/icons-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  useDeleteMindChatMutation,
  useMindChatQuery,
  useMindChatsQuery,
  useRenameMindChatMutation,
} from '../api/mind-api.ts'
import { useMindAnswerStreamQuery, useStartMindAskMutation } from '../api/mind-stream.ts'
import { Conversation } from './conversation.tsx'
import { ShareModal } from './share-modal.tsx'
import { SUGGESTED_QUESTIONS } from './suggestions.ts'

/** Props of MindChatScreen. */
export interface MindChatScreenProps {
  /** The open chat; none for a new one (/mind). */
  chatId?: string
}

/** The mind workspace: chat history on the side, the conversation in the middle. */
export function MindChatScreen({ chatId }: MindChatScreenProps) {
  const navigate = useNavigate()
  const chats = useMindChatsQuery()
  const chat = useMindChatQuery(chatId ?? '', { skip: !chatId })
  const [start, starting] = useStartMindAskMutation()
  const [question, setQuestion] = useState('')
  // The question being answered, the chat it was asked in (none: a new chat) and its stream
  // (decision 280): shown in that chat until the reloaded chat holds the stored answer.
  const [pending, setPending] = useState<{
    question: string
    from: string | null
    streamId: string | null
  } | null>(null)
  const stream = useMindAnswerStreamQuery(pending?.streamId ?? '', { skip: !pending?.streamId })
  const answer = stream.data?.answer ?? null
  const messages = chatId ? (chat.data?.messages ?? []) : []
  const stored = answer !== null && messages.some((m) => m.id === answer.message_id)
  const askedHere =
    pending !== null &&
    (pending.from === (chatId ?? null) || (pending.from === null && answer?.chat_id === chatId))
  const shown = pending && askedHere && !stored ? pending : null
  const streaming = starting.isLoading || stream.data?.status === 'streaming'
  const newChat = pending?.from === null && !chatId ? answer?.chat_id : undefined

  // A new chat's first answer opens the chat it made (once: the researcher may move on).
  useEffect(() => {
    if (newChat) void navigate(`/mind/chat/${newChat}`)
  }, [newChat, navigate])

  async function send(text: string) {
    const trimmed = text.trim()
    if (!trimmed || streaming) return
    const from = chatId ?? null
    setPending({ question: trimmed, from, streamId: null })
    setQuestion('')
    try {
      const { stream_id } = await start({
        question: trimmed,
        ...(chatId ? { chat_id: chatId } : {}),
      }).unwrap()
      setPending({ question: trimmed, from, streamId: stream_id })
    } catch {
      setQuestion(trimmed)
      setPending(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void send(question)
  }

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" p="md">
      <Stack w={260} gap="xs" component="nav" aria-label="Chats" style={{ flexShrink: 0 }}>
        <Button component={Link} to="/mind" leftSection={<IconPlus size={16} />} variant="light">
          New chat
        </Button>
        <ScrollArea.Autosize mah="70vh">
          {(chats.data?.results ?? []).map((c) => (
            <NavLink
              key={c.id}
              component={Link}
              to={`/mind/chat/${c.id}`}
              label={c.title}
              active={c.id === chatId}
            />
          ))}
          {chats.data?.results.length === 0 && (
            <Text size="sm" c="dimmed">
              No chats yet.
            </Text>
          )}
        </ScrollArea.Autosize>
      </Stack>
      <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
        {chatId && chat.data ? (
          <ChatHeader chatId={chatId} title={chat.data.title} share={chat.data.share} />
        ) : (
          <Stack gap="xs">
            <Title order={1}>mind</Title>
            <Text c="dimmed">
              Ask about India&apos;s bonds in desk English: look-ups, screens, state loans,
              extremes, comparisons, yields and prices. Every answer is computed from the bond
              database and shows how.
            </Text>
          </Stack>
        )}
        {chatId && chat.isError && <Text c="red">This chat could not be opened.</Text>}
        <Conversation
          messages={messages}
          pending={shown?.question ?? null}
          stream={shown ? (stream.data ?? null) : null}
          {...(shown ? { onRetry: () => void send(shown.question) } : {})}
        />
        {!chatId && !shown && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Try
            </Text>
            <Group gap="xs">
              {SUGGESTED_QUESTIONS.map((q) => (
                <Button key={q} size="xs" variant="default" onClick={() => void send(q)}>
                  {q}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <Divider />
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              label="Your question"
              placeholder="e.g. how many active Maharashtra SDLs mature after 2030?"
              autosize
              minRows={1}
              maxRows={6}
              maxLength={1000}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault()
                  void send(question)
                }
              }}
            />
            <Button type="submit" loading={streaming} leftSection={<IconSend size={16} />}>
              Ask
            </Button>
          </Group>
        </form>
      </Stack>
    </Group>
  )
}

function ChatHeader({
  chatId,
  title,
  share,
}: {
  chatId: string
  title: string
  share: Parameters<typeof ShareModal>[0]['share']
}) {
  const navigate = useNavigate()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [sharing, setSharing] = useState(false)
  const [rename] = useRenameMindChatMutation()
  const [remove] = useDeleteMindChatMutation()
  return (
    <Group justify="space-between" wrap="nowrap">
      {renaming === null ? (
        <Title order={1} size="h3">
          {title}
        </Title>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void rename({ id: chatId, title: renaming }).then(() => setRenaming(null))
          }}
        >
          <TextInput
            aria-label="Chat title"
            value={renaming}
            maxLength={120}
            onChange={(e) => setRenaming(e.currentTarget.value)}
            autoFocus
          />
        </form>
      )}
      <Group gap="xs" wrap="nowrap">
        <Button variant="light" onClick={() => setSharing(true)}>
          Share
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="subtle" aria-label="Chat actions" px="xs">
              <IconDots size={16} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setRenaming(title)}>Rename</Menu.Item>
            <Menu.Item
              color="red"
              onClick={() => {
                if (window.confirm('Delete this chat? Its public link stops working.')) {
                  void remove(chatId).then(() => navigate('/mind'))
                }
              }}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <ShareModal
        chatId={chatId}
        share={share}
        opened={sharing}
        onClose={() => setSharing(false)}
      />
    </Group>
  )
}
