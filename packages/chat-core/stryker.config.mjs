// Mutation testing of the chat session's rules (`pnpm --filter @bonds/chat-core mutate`; see the
// root README's "Mutation testing").
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: ['src/session/session.ts', 'src/session/message-view.ts'],
})
