// An answer while it streams in (decision 280): the steps the server reports as it works, then the
// typed result first and the text as it arrives; a plain message when the stream fails.
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core'
import { AnswerView } from '../answer/answer-view.tsx'
import type { MindAnswerStream } from '../api/mind-stream.ts'

/** The answer being streamed (null while it is being started); `onRetry` asks again. */
export function StreamingAnswer({
  stream,
  onRetry,
}: {
  stream: MindAnswerStream | null
  onRetry?: () => void
}) {
  const working = !stream || stream.status === 'streaming'
  return (
    <Stack gap="xs" data-testid="mind-stream" aria-busy={working}>
      <Stack gap={4} aria-live="polite" aria-label="Progress">
        {working && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Working it out from the bond data…
            </Text>
          </Group>
        )}
        {stream && stream.steps.length > 0 && (
          <List size="xs" c="dimmed" data-testid="mind-progress">
            {stream.steps.map((step, i) => (
              <List.Item key={i}>{step}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      {stream?.result && (
        <AnswerView
          message={{
            text: stream.text,
            result: stream.result,
            bonds: stream.bonds,
            ...(stream.answer?.table ? { table: stream.answer.table } : {}),
            ...(stream.answer?.chart ? { chart: stream.answer.chart } : {}),
          }}
        />
      )}
      {stream?.status === 'failed' && (
        <Stack gap="xs" align="flex-start">
          <Alert color="red" role="alert" title="No answer" w="100%">
            {stream.error}
          </Alert>
          {onRetry && (
            <Button size="xs" variant="light" onClick={onRetry}>
              Ask again
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  )
}
