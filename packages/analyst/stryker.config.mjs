// Mutation testing of the analyst's engine and its built-in planner (`pnpm --filter @bonds/analyst mutate`; see the
// root README's "Mutation testing").
import { strykerConfig } from '@bonds/stryker-config'

export default strykerConfig({
  mutate: ['src/engine/**/*.ts', '!src/engine/**/*.test.ts', '!src/engine/testing/**'],
})
