import { reactPreset } from '@bonds/vitest-config'
import { defineProject } from 'vitest/config'

const preset = reactPreset('web-find')

// Isolated per file: with a shared environment, security-page.test.tsx once found the session of
// an earlier file still "checking access" (fresh-clone run, 2026-11-26); kept isolated until the
// leak is found.
export default defineProject({ ...preset, test: { ...preset.test, isolate: true } })
