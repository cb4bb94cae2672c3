import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: fileURLToPath(new URL('../index.js', import.meta.url)),
})

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

describe('dependency direction', () => {
  it('forbids deep imports past a package exports map', async () => {
    const found = await messages(
      'apps/web-find/src/x.ts',
      "import { x } from '@bonds/ui-kit/src/format'\nexport { x }\n",
    )
    expect(found.join('\n')).toContain('no deep imports')
  })

  it('allows the public subpaths', async () => {
    const found = await messages(
      'apps/web-find/src/x.ts',
      "import '@bonds/ui-kit/styles.css'\nimport { y } from '@bonds/pricing/react'\nexport { y }\n",
    )
    expect(found).toEqual([])
  })

  it('forbids importing an app', async () => {
    const found = await messages(
      'packages/ui-kit/src/x.ts',
      "import { x } from '@bonds/web-find'\nexport { x }\n",
    )
    expect(found.join('\n')).toContain('never import an app')
  })

  it('forbids reaching into another package by relative path', async () => {
    const found = await messages(
      'packages/ui-kit/src/x.ts',
      "import { x } from '../../../packages/domain/src/index.ts'\nexport { x }\n",
    )
    expect(found.join('\n')).toContain('by package name')
  })

  it('keeps domain free of internal packages and React', async () => {
    const internal = await messages(
      'packages/domain/src/x.ts',
      "import { x } from '@bonds/pricing'\nexport { x }\n",
    )
    expect(internal.join('\n')).toContain('imports nothing internal')
    const react = await messages(
      'packages/domain/src/x.ts',
      "import { useState } from 'react'\nexport { useState }\n",
    )
    expect(react.join('\n')).toContain('imports nothing internal')
  })

  it('keeps React out of code the server uses', async () => {
    for (const file of ['packages/pricing/src/x.ts', 'apps/api/src/x.ts']) {
      const found = await messages(file, "import { useState } from 'react'\nexport { useState }\n")
      expect(found.join('\n')).toContain('imports no React')
    }
    const reactEntry = await messages(
      'packages/pricing/src/react/x.ts',
      "import { useState } from 'react'\nexport { useState }\n",
    )
    expect(reactEntry).toEqual([])
  })

  it('lets api-client import domain and pricing only, and no React', async () => {
    const allowed = await messages(
      'packages/api-client/src/x.ts',
      "import { MESSAGES } from '@bonds/domain'\nimport { roundTo } from '@bonds/pricing'\nexport { MESSAGES, roundTo }\n",
    )
    expect(allowed).toEqual([])
    for (const source of ['@bonds/ui-kit', '@bonds/pricing/react', 'react', '@mantine/core']) {
      const found = await messages(
        'packages/api-client/src/x.ts',
        `import { x } from '${source}'\nexport { x }\n`,
      )
      expect(found.join('\n'), source).toContain('imports only @bonds/domain and @bonds/pricing')
    }
  })

  it('forbids export *', async () => {
    const found = await messages('packages/ui-kit/src/x.ts', "export * from './y.ts'\n")
    expect(found.join('\n')).toContain('no export *')
  })
})
