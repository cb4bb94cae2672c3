import { nodePreset, reactPreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

// A mutation run (`pnpm mutate`) mutates the pure logic (parser, payloads, grid models): their own
// tests (`*.test.ts`, no DOM) decide whether a mutant is caught, in node, not the components'
// (jsdom and Mantine, seconds each per mutant).
export default defineProject(
  process.env.BONDS_MUTATION_RUN ? nodePreset('trading') : reactPreset('trading'),
)
