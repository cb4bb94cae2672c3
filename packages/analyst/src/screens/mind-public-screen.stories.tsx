import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { STORY_CHAT } from '../testing/story-chat.ts'
import { MindPublicScreen } from './mind-public-screen.tsx'

const meta = {
  title: 'analyst/MindPublicScreen',
  component: MindPublicScreen,
  args: { publicId: 'Zk3n0pQ1r2s3t4u5v6w7x8y9' },
  parameters: {
    answers: {
      'GET api/mind/public/Zk3n0pQ1r2s3t4u5v6w7x8y9/': {
        body: {
          title: STORY_CHAT.title,
          shared_at: STORY_CHAT.created_at,
          expires_at: null,
          messages: STORY_CHAT.messages,
        },
      },
    } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof MindPublicScreen>

export default meta
type Story = StoryObj<typeof meta>

/** /mind/public/{id}: the shared chat, read-only. */
export const Shared: Story = {}

/** Revoked, expired or unknown. */
export const NotAvailable: Story = {
  parameters: {
    answers: { 'GET api/mind/public/Zk3n0pQ1r2s3t4u5v6w7x8y9/': { status: 404 } },
  },
}
