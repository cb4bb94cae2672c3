import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { STORY_CHAT } from '../testing/story-chat.ts'
import { MindChatScreen } from './mind-chat-screen.tsx'

const { messages: _messages, ...summary } = STORY_CHAT

const meta = {
  title: 'analyst/MindChatScreen',
  component: MindChatScreen,
  parameters: {
    answers: {
      'GET api/mind/chats/': { body: { results: [summary] } },
      'GET api/mind/chats/c1/': { body: STORY_CHAT },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof MindChatScreen>

export default meta
type Story = StoryObj<typeof meta>

/** /mind: a new chat, with the researcher's history and suggested questions. */
export const NewChat: Story = {}

/** /mind/chat/{id}: a conversation with each kind of answer (result first, table, curve, refusal). */
export const Conversation: Story = { args: { chatId: 'c1' } }

/** /mind/chat/{id} in the dark theme. */
export const ConversationDark: Story = { args: { chatId: 'c1' }, parameters: { scheme: 'dark' } }

/** No chats yet. */
export const NoHistory: Story = {
  parameters: { answers: { 'GET api/mind/chats/': { body: { results: [] } } } },
}
