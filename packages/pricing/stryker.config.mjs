// Mutation testing of the pure library (`pnpm --filter @bonds/pricing mutate`; see the README).
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    // The pricing input (React entry) is exercised by its stories and component tests.
    '!src/react/**',
    // Published holiday lists: data, not logic.
    '!src/calendars/mumbai-2025-2027.ts',
  ],
})
