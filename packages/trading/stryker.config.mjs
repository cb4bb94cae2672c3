// Mutation testing of the package's pure logic: the desk-chat quote parser, the quote and venue
// RFQ payloads, and the grid and depth models (`pnpm --filter @bonds/trading mutate`; see the root
// README's "Mutation testing"). Components are left out: their tests run in jsdom, seconds each.
// All of it is about 2,700 mutants (over an hour on the shared machine); a run narrows it with a
// comma-separated list, e.g. `--mutate src/quote-form/quote-payload.ts,src/venue/model.ts`.
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    'src/chat-quotes/**/*.ts',
    '!src/chat-quotes/**/*.test.ts',
    '!src/chat-quotes/testing/**',
    'src/depth/depth-rows.ts',
    'src/private-runs/model.ts',
    'src/quote-form/quote-payload.ts',
    'src/rfq/rfq-patch.ts',
    'src/rfq/rfq-rows.ts',
    'src/venue/model.ts',
    'src/venue/new-rfq-payload.ts',
  ],
})
