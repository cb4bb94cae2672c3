// /mind/preview: what mind does, for visitors; sign in, or request access (the app passes the
// support package's button).
import { loginPath } from '@bonds/domain'
import { Anchor, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useMindPreviewQuery } from '../api/mind-api.ts'
import { AnswerView } from '../answer/answer-view.tsx'
import { SUGGESTED_QUESTIONS } from './suggestions.ts'

/** Props of MindPreviewScreen. */
export interface MindPreviewScreenProps {
  /** The "Request access" control (the app composes @bonds/support's). */
  requestAccess?: ReactNode
}

/** The preview of mind. */
export function MindPreviewScreen({ requestAccess }: MindPreviewScreenProps) {
  const preview = useMindPreviewQuery()
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>mind, the analyst chat</Title>
        <Text>
          mind answers market researchers&apos; questions about India&apos;s bonds, in desk English
          with its typos and shorthand, from the product&apos;s own bond database and bond maths:
          each answer gives the figure first, then how it was found, with every bond linked to its
          page. Forecasts, equities and advice are declined, plainly.
        </Text>
        <Stack gap={4}>
          <Text fw={600}>Questions it answers</Text>
          <List size="sm">
            {SUGGESTED_QUESTIONS.map((q) => (
              <List.Item key={q}>{q}</List.Item>
            ))}
          </List>
        </Stack>
        {preview.data && (
          <Stack gap="sm">
            <Text fw={600}>Answered just now</Text>
            {preview.data.examples.map((example) => (
              <Stack key={example.question} gap={4}>
                <Text size="sm" c="dimmed">
                  {example.question}
                </Text>
                <AnswerView message={example} />
              </Stack>
            ))}
          </Stack>
        )}
        <Group>
          <Button component="a" href={loginPath('/mind')}>
            Sign in
          </Button>
          {requestAccess}
        </Group>
        <Text size="sm" c="dimmed">
          mind is open to Market Researchers.{' '}
          <Anchor href="/product/mind" underline="always">
            About mind
          </Anchor>
        </Text>
      </Stack>
    </Container>
  )
}
