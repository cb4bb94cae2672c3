import { reactPreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

const react = reactPreset('auth')

export default defineProject({
  test: {
    ...react.test,
    // A mutation run (`pnpm mutate`) mutates the session rules: their own tests, not the screens'
    // (seconds each in jsdom), decide whether a mutant is caught.
    ...(process.env.BONDS_MUTATION_RUN
      ? { include: ['src/session.test.ts', 'src/app-session.test.ts'] }
      : {}),
  },
})
