import { nodePreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

const preset = nodePreset('eslint-config')

// no-cycle parses the packages a fixture imports: a case takes seconds on a busy machine.
export default defineProject({ ...preset, test: { ...preset.test, testTimeout: 30_000 } })
