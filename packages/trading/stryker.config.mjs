// Mutation testing of the package's pure logic: the quote and venue RFQ payloads and the grid and
// depth models; the desk-chat quote parser (1,575 mutants, over an hour on the shared machine) with
// `pnpm --filter @bonds/trading mutate --mutate 'src/chat-quotes/**/!(*.test).ts'`. See the root
// README's "Mutation testing". Components are left out: their tests run in jsdom, seconds each.
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    'src/depth/depth-rows.ts',
    'src/private-runs/model.ts',
    'src/quote-form/quote-payload.ts',
    'src/rfq/rfq-patch.ts',
    'src/rfq/rfq-rows.ts',
    'src/venue/model.ts',
    'src/venue/new-rfq-payload.ts',
  ],
})
