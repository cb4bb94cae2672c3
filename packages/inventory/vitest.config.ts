import { reactPreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

export default defineProject(reactPreset('inventory'))
