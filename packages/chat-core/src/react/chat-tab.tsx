// The dart Chat tab and the /surveillance chats: the caller's chat profile first (the terms to
// accept before the first use, whether they may chat), then a session for them and the screen.
import type { ChatChannelType, ChatMe } from '@bonds/domain'
import { Alert, Anchor, Button, Center, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ChatProvider } from '../port.ts'
import { useAcceptChatTermsMutation, useChatMeQuery } from './api.ts'
import { ChatView, type ChatMode } from './chat-view.tsx'
import { MessageActionsContext, type RenderMessageActions } from './message-actions.tsx'
import { ChatSessionProvider, useChatRuntime } from './runtime.tsx'

/** Props shared by the chat screens. */
export interface ChatScreenProps {
  /** The types this user may create (a trading group: Dealers only). */
  channelTypes?: readonly ChatChannelType[]
  /** A provider to use instead of the configured one (stories and tests). */
  createProvider?: () => ChatProvider | Promise<ChatProvider>
  /** "Now" for day separators (stories and tests). */
  now?: number
  /** What the tab is for (spec section 2's text), shown before a chat is chosen. */
  description?: string
  /**
   * Actions under each text message of a trading group (another feature's, e.g. "Create ticket");
   * the Chat tab only: the compliance view never shows them.
   */
  messageActions?: RenderMessageActions
}

/** The chat terms, accepted once before the first use (`PATCH api/client/chat-terms/`). */
export function ChatTerms({
  onAccepted,
  description,
}: {
  onAccepted: () => void
  description?: string
}) {
  const [accept, { isLoading }] = useAcceptChatTermsMutation()
  return (
    <Center h="100%" p="md">
      <Paper withBorder p="lg" radius="md" maw={520}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Before you chat
          </Title>
          {description ? <Text size="sm">{description}</Text> : null}
          <Text size="sm">
            Chats on the platform are kept, and your firm’s compliance officer can read and download
            them. Quotes and deals agreed in chat are commitments of your firm.
          </Text>
          <Text size="sm">
            Read the <Anchor href="/chat-policy">chat policy</Anchor> before you accept.
          </Text>
          <Button
            loading={isLoading}
            onClick={() =>
              void accept()
                .unwrap()
                .then(onAccepted, () => {})
            }
          >
            Accept chat terms
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}

function ChatRuntimeView(props: ChatScreenProps & { me: ChatMe; mode: ChatMode }) {
  const { me, mode } = props
  const session = useChatRuntime({
    userId: me.userId,
    complianceView: mode === 'surveillance',
    me,
    ...(props.createProvider ? { createProvider: props.createProvider } : {}),
  })
  return (
    <ChatSessionProvider session={session}>
      <MessageActionsContext value={mode === 'chat' ? (props.messageActions ?? null) : null}>
        <ChatView
          me={me}
          mode={mode}
          {...(props.channelTypes ? { channelTypes: props.channelTypes } : {})}
          {...(props.now === undefined ? {} : { now: props.now })}
          {...(props.description ? { description: props.description } : {})}
        />
      </MessageActionsContext>
    </ChatSessionProvider>
  )
}

function ChatScreen(props: ChatScreenProps & { mode: ChatMode }) {
  const { data, isLoading, isError, refetch } = useChatMeQuery()
  if (isLoading) {
    return (
      <Stack p="sm" gap="xs" aria-busy="true" role="status" aria-label="Loading chat">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={40} radius="sm" />
        ))}
      </Stack>
    )
  }
  if (isError || !data) {
    return (
      <Alert color="red" m="sm" title="Chat could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (props.mode === 'chat' && !data.has_accepted_chat_terms) {
    return (
      <ChatTerms
        onAccepted={() => void refetch()}
        {...(props.description ? { description: props.description } : {})}
      />
    )
  }
  return <ChatRuntimeView {...props} me={data} />
}

/** The dart Chat tab. */
export function ChatTab(props: ChatScreenProps) {
  return <ChatScreen {...props} mode="chat" />
}

/** /surveillance: the compliance officer reads the firm's chats (view only) and downloads them. */
export function ChatSurveillance(props: ChatScreenProps) {
  return <ChatScreen {...props} mode="surveillance" />
}
