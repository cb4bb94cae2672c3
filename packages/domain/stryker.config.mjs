// Mutation testing of the rules and schemas (`pnpm --filter @bonds/domain mutate`; see the README).
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    // The landing rule, the route table and roles; the ticket and order state machine.
    'src/routing/**/*.ts',
    'src/ticketing/**/*.ts',
    // The zod schemas with the spec's messages.
    'src/schemas/**/*.ts',
    '!src/**/*.test.ts',
  ],
})
