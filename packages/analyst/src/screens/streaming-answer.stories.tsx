import type { Meta, StoryObj } from '@storybook/react-vite'
import { STREAM_START } from '../api/mind-stream.ts'
import { STORY_MESSAGES } from '../testing/story-chat.ts'
import { StreamingAnswer } from './streaming-answer.tsx'

const count = STORY_MESSAGES[3]!

const meta = {
  title: 'analyst/StreamingAnswer',
  component: StreamingAnswer,
  args: { stream: null },
} satisfies Meta<typeof StreamingAnswer>

export default meta
type Story = StoryObj<typeof meta>

/** The stream is being started. */
export const Starting: Story = {}

/** Working: the steps so far, nothing to show yet. */
export const Working: Story = {
  args: {
    stream: {
      ...STREAM_START,
      steps: ['Reading the bond data', 'Reading the question and choosing the tools'],
    },
  },
}

/** The typed result has come; the text is arriving. */
export const ResultFirst: Story = {
  args: {
    stream: {
      ...STREAM_START,
      steps: ['Reading the bond data', 'Counted 3.'],
      result: count.result,
      text: '**3** bonds: active (not matured);',
    },
  },
}

/** The stream failed: the message, and a way to ask again. */
export const Failed: Story = {
  args: {
    stream: {
      ...STREAM_START,
      status: 'failed',
      steps: ['Reading the bond data'],
      error: 'The answer could not be worked out. Please ask again.',
    },
    onRetry: () => {},
  },
}
