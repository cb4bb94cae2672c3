// Mutation testing of the ticket and order model (state, actions, from-chat, clock) (`pnpm --filter @bonds/ticketing mutate`; see the
// root README's "Mutation testing").
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: [
    'src/model/state.ts',
    'src/model/actions.ts',
    'src/model/from-chat.ts',
    'src/model/clock.ts',
    'src/model/failure.ts',
  ],
})
