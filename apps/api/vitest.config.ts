import { nodePreset } from '@bonds/vitest-config'
import { defineProject, mergeConfig } from 'vitest/config'

export default defineProject(
  mergeConfig(nodePreset('api'), {
    test: {
      // One module graph per worker, not per file: importing the server (Fastify, drizzle, every
      // module) and compiling PGlite once per file was a third of the project's time on a 2-core
      // machine. Each file builds its own app and database and closes them; no test mocks a
      // module or leaves the environment changed; shuffled file orders pass (decision 224).
      isolate: false,
    },
  }),
)
