// Mutation testing of the session rules (`pnpm --filter @bonds/auth mutate`; see the README).
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: ['src/session.ts', 'src/app-session.ts'],
})
