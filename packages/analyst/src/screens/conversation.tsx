// A conversation: the researcher's questions and the analyst's answers, in order.
import type { MindMessage } from '@bonds/domain'
import { Group, Paper, Stack, Text } from '@mantine/core'
import { AnswerView } from '../answer/answer-view.tsx'
import type { MindAnswerStream } from '../api/mind-stream.ts'
import { StreamingAnswer } from './streaming-answer.tsx'

/** The messages of a chat (a question waiting for its answer shown last, its stream below it). */
export function Conversation({
  messages,
  pending,
  stream,
  onRetry,
}: {
  messages: MindMessage[]
  pending?: string | null
  stream?: MindAnswerStream | null
  onRetry?: () => void
}) {
  return (
    <Stack gap="md">
      {messages.map((m) =>
        m.role === 'user' ? (
          <Question key={m.id} text={m.text} />
        ) : (
          <AnswerView key={m.id} message={m} />
        ),
      )}
      {pending && (
        <>
          <Question text={pending} />
          <StreamingAnswer stream={stream ?? null} {...(onRetry ? { onRetry } : {})} />
        </>
      )}
    </Stack>
  )
}

function Question({ text }: { text: string }) {
  return (
    <Group justify="flex-end">
      <Paper bg="var(--mantine-color-blue-light)" px="md" py="xs" radius="md" maw="80%">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mind-question">
          {text}
        </Text>
      </Paper>
    </Group>
  )
}
