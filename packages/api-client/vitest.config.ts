import { nodePreset } from '@bonds/vitest-config'
import { configDefaults, defineProject } from 'vitest/config'

const node = nodePreset('api-client')

export default defineProject({
  test: {
    ...node.test,
    // A mutation run (`pnpm mutate`) mutates the HTTP client: the socket's and the store's tests
    // (seconds each, on timers) would rerun for every client mutant they reach.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.BONDS_MUTATION_RUN ? ['src/socket/**', 'src/store/**'] : []),
    ],
  },
})
