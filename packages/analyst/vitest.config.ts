import { nodePreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

export default defineProject(nodePreset('analyst'))
