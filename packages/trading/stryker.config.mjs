// Mutation testing of the desk-chat quote parser (`pnpm --filter @bonds/trading mutate`; see the
// root README's "Mutation testing").
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    'src/chat-quotes/**/*.ts',
    '!src/chat-quotes/**/*.test.ts',
    '!src/chat-quotes/testing/**',
  ],
})
