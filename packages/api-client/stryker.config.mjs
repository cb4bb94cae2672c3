// Mutation testing of the HTTP client (`pnpm --filter @bonds/api-client mutate`; see the README).
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: ['src/**/*.ts', '!src/**/*.test.ts', '!src/testing/**'],
})
