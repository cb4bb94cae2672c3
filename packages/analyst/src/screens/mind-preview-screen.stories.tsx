import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '@mantine/core'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { STORY_MESSAGES } from '../testing/story-chat.ts'
import { MindPreviewScreen } from './mind-preview-screen.tsx'

const examples = [1, 3, 7].map((i) => {
  const { text, result, bonds, table } = STORY_MESSAGES[i]!
  return {
    question: STORY_MESSAGES[i - 1]!.text,
    text,
    result: result!,
    bonds,
    ...(table ? { table } : {}),
  }
})

const meta = {
  title: 'analyst/MindPreviewScreen',
  component: MindPreviewScreen,
  args: { requestAccess: <Button variant="default">Request access</Button> },
  parameters: {
    answers: { 'GET api/mind/preview/': { body: { examples } } } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof MindPreviewScreen>

export default meta
type Story = StoryObj<typeof meta>

/** /mind/preview: what mind does, with live example answers, and the way in. */
export const Preview: Story = {}
