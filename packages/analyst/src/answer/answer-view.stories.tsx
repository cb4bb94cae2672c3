import type { Meta, StoryObj } from '@storybook/react-vite'
import { STORY_MESSAGES } from '../testing/story-chat.ts'
import { AnswerView } from './answer-view.tsx'

const curve = STORY_MESSAGES[5]!
const count = STORY_MESSAGES[3]!

const meta = {
  title: 'analyst/AnswerView',
  component: AnswerView,
  args: { message: curve },
} satisfies Meta<typeof AnswerView>

export default meta
type Story = StoryObj<typeof meta>

/** A curve answer: the Mantine scatter in its figure, the summary, the table with linked bonds. */
export const Curve: Story = {}

/** The curve in the dark theme. */
export const CurveDark: Story = { parameters: { scheme: 'dark' } }

/** A count with its table (bonds linked by ISIN). */
export const CountWithTable: Story = { args: { message: count } }
