import { ESLint } from 'eslint'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BASE_PACKAGES } from '../index.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: fileURLToPath(new URL('../index.js', import.meta.url)),
})

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

/** The messages of fixture files on disk (no-cycle reads the files they import). */
async function fileMessages(...files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files.map((file) => `${root}${file}`))
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))
}

/** One import statement of `source`, used. */
const importing = (source: string) => `import { x } from '${source}'\nexport { x }\n`

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

  it('gives domain schemas their zod only through schemas/runtime.ts (set up for the CSP)', async () => {
    const direct = await messages('packages/domain/src/schemas/x.ts', importing('zod'))
    expect(direct.join('\n')).toContain("Import z from './schemas/runtime.ts'")
    expect(await messages('packages/domain/src/schemas/runtime.ts', importing('zod'))).toEqual([])
    expect(await messages('packages/domain/src/schemas/x.ts', importing('./runtime.ts'))).toEqual(
      [],
    )
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

  it("keeps chat-core's core framework-free; its React entry holds the screens", async () => {
    for (const source of ['react', '@mantine/core', '@bonds/ui-kit']) {
      const found = await messages('packages/chat-core/src/session/x.ts', importing(source))
      expect(found.join('\n'), source).toMatch(/chat-core's core/)
    }
    expect(await messages('packages/chat-core/src/x.ts', importing('@bonds/domain'))).toEqual([])
    for (const source of ['react', '@mantine/core', '@bonds/ui-kit']) {
      expect(await messages('packages/chat-core/src/react/x.tsx', importing(source))).toEqual([])
    }
  })

  it('lets api-client import domain and pricing only, and no React but RTK Query’s hooks', async () => {
    const allowed = await messages(
      'packages/api-client/src/x.ts',
      "import { MESSAGES } from '@bonds/domain'\nimport { roundTo } from '@bonds/pricing'\nimport { createApi } from '@reduxjs/toolkit/query/react'\nexport { MESSAGES, roundTo, createApi }\n",
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

describe('public entries are what each package.json exports', () => {
  it('allows every subpath an exports map lists, static or lazy', async () => {
    const found = await messages(
      'apps/marketing/src/x.ts',
      "import { y } from '@bonds/api-client/testing'\nexport { y }\nexport const screens = () => import('@bonds/auth/screens')\n",
    )
    expect(found).toEqual([])
  })

  it('forbids a lazy import() past the exports map', async () => {
    const found = await messages(
      'apps/marketing/src/x.ts',
      "export const screens = () => import('@bonds/auth/src/screens/index.ts')\n",
    )
    expect(found.join('\n')).toContain('no deep imports')
  })
})

describe('a per-package allow-list (domain ← pricing ← api-client ← ui-kit/auth ← features ← apps)', () => {
  it('keeps each base package to the packages below it', async () => {
    const refused: [string, string][] = [
      ['packages/pricing/src/x.ts', '@bonds/api-client'],
      ['packages/ui-kit/src/x.ts', '@bonds/auth'],
      ['packages/ui-kit/src/x.ts', '@bonds/bonds'],
      ['packages/auth/src/x.ts', '@bonds/bonds'],
    ]
    for (const [file, source] of refused) {
      const found = await messages(file, importing(source))
      expect(found.join('\n'), `${file} → ${source}`).toContain('may import only')
    }
    const allowed: [string, string][] = [
      ['packages/pricing/src/x.ts', '@bonds/domain'],
      ['packages/ui-kit/src/x.ts', '@bonds/pricing'],
      ['packages/auth/src/x.ts', '@bonds/ui-kit'],
      ['packages/auth/src/x.ts', '@bonds/api-client/testing'],
    ]
    for (const [file, source] of allowed) {
      expect(await messages(file, importing(source)), `${file} → ${source}`).toEqual([])
    }
  })

  it('never lets one feature package import another', async () => {
    // trading is a feature the dart issue adds; any folder under packages/ outside the base is one.
    const found = await messages('packages/trading/src/x.ts', importing('@bonds/bonds'))
    expect(found.join('\n')).toContain('feature packages never import each other')
    for (const source of ['@bonds/auth', '@bonds/ui-kit', '@bonds/pricing/react']) {
      expect(await messages('packages/bonds/src/x.ts', importing(source)), source).toEqual([])
    }
  })

  it('keeps the server to the framework-free packages', async () => {
    const found = await messages('apps/api/src/x.ts', importing('@bonds/ui-kit'))
    expect(found.join('\n')).toContain(
      'The API server may import only @bonds/domain, @bonds/pricing',
    )
  })

  it('lets the server import a feature package’s pure entry (the quote parser), not its root', async () => {
    expect(await messages('apps/api/src/x.ts', importing('@bonds/trading/chat-quotes'))).toEqual([])
    for (const source of ['@bonds/trading', '@bonds/trading/chat-quotesx', '@bonds/trading/x']) {
      const found = await messages('apps/api/src/x.ts', importing(source))
      expect(found.join('\n'), source).toContain(
        'The API server may import only @bonds/domain, @bonds/pricing, @bonds/trading/chat-quotes',
      )
    }
  })

  it('keeps the pure entry pure: domain and pricing only, no React', async () => {
    const file = 'packages/trading/src/chat-quotes/x.ts'
    expect(await messages(file, importing('@bonds/domain'))).toEqual([])
    for (const source of ['@bonds/ui-kit', '@bonds/api-client', 'react', '@mantine/core']) {
      const found = await messages(file, importing(source))
      expect(found.join('\n'), source).toMatch(/may import only|imports no React/)
    }
    // The rest of trading is a feature as before.
    expect(await messages('packages/trading/src/x.ts', importing('@bonds/ui-kit'))).toEqual([])
  })

  it('lets only a server contract test import the client it runs (chat-core), no UI', async () => {
    expect(
      await messages('apps/api/src/modules/chat/x.test.ts', importing('@bonds/chat-core')),
    ).toEqual([expect.stringContaining('The API server may import only')])
    const contract = 'apps/api/src/modules/chat/x.contract.test.ts'
    expect(await messages(contract, importing('@bonds/chat-core/testing'))).toEqual([])
    expect((await messages(contract, importing('@bonds/ui-kit'))).join('\n')).toContain(
      'A server contract test may import only',
    )
  })

  it('agrees with what each package.json depends on', () => {
    const packages = fileURLToPath(new URL('../../../packages/', import.meta.url))
    const base = BASE_PACKAGES as Record<string, string[]>
    for (const name of readdirSync(packages)) {
      const manifest = JSON.parse(readFileSync(`${packages}${name}/package.json`, 'utf8')) as {
        dependencies?: Record<string, string>
        peerDependencies?: Record<string, string>
      }
      const internal = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
        .filter((dep) => dep.startsWith('@bonds/'))
        .map((dep) => dep.slice('@bonds/'.length))
      const allowed = base[name] ?? Object.keys(base)
      expect(
        internal.filter((dep) => !allowed.includes(dep)),
        name,
      ).toEqual([])
    }
  })
})

describe('no import cycles', () => {
  it('finds a static cycle', async () => {
    const found = await fileMessages('tooling/eslint-config/fixtures/cycle/a.ts')
    expect(found).toContain('import-x/no-cycle: Dependency cycle detected')
  })

  it('finds a cycle through a lazy import()', async () => {
    const found = await fileMessages('tooling/eslint-config/fixtures/lazy-cycle/account.ts')
    expect(found).toContain('import-x/no-cycle: Dependency cycle detected')
  })

  it('lets types refer to each other', async () => {
    expect(await fileMessages('tooling/eslint-config/fixtures/type-only/a.ts')).toEqual([])
  })
})

describe('API modules import each other only through index.ts', () => {
  const useCase = 'apps/api/src/modules/market/use-cases/x.ts'

  it('forbids reaching into another module', async () => {
    const found = await messages(useCase, importing('../../finstruments/repo.ts'))
    expect(found.join('\n')).toContain("Module 'market' reaches into module 'finstruments'")
  })

  it('allows another module through its index.ts, its own files and shared infrastructure', async () => {
    for (const source of [
      '../../finstruments/index.ts',
      '../repo.ts',
      '../../../db/audit.ts',
      '../../../http/access.ts',
    ]) {
      expect(await messages(useCase, importing(source)), source).toEqual([])
    }
  })

  it('forbids a module importing the composition (app.ts, main.ts, demo/)', async () => {
    for (const source of ['../../../app.ts', '../../../demo/market.ts']) {
      const found = await messages(useCase, importing(source))
      expect(found.join('\n'), source).toContain("imports the server's composition")
    }
  })

  it('forbids the server reaching past a module’s index.ts', async () => {
    const found = await messages('apps/api/src/app.ts', importing('./modules/market/repo.ts'))
    expect(found.join('\n')).toContain("Import module 'market' through its index.ts")
    expect(await messages('apps/api/src/app.ts', importing('./modules/market/index.ts'))).toEqual(
      [],
    )
  })

  it('lets tests and test helpers reach across (they build the whole server)', async () => {
    for (const file of [
      'apps/api/src/modules/market/x.test.ts',
      'apps/api/src/modules/auth/testing.ts',
    ]) {
      expect(await messages(file, importing('../accounts/repo.ts')), file).toEqual([])
    }
  })

  it('keeps a module file to 300 lines', async () => {
    const long = `export const lines = [\n${'  1,\n'.repeat(300)}]\n`
    const found = await messages('apps/api/src/modules/market/x.ts', long)
    expect(found.join('\n')).toContain('max-lines')
  })
})

describe('the lint each package runs (its config found from the file, as ESLint 10 does)', () => {
  // A config file inside a package would make its folder the base of every `files` pattern, and
  // the patterns above (`**/packages/ticketing/src/**`…) would match nothing: the workspace keeps
  // one config, at the root.
  it('holds the rules for a package linting itself and for the whole workspace', async () => {
    for (const cwd of [`${root}packages/ticketing`, root]) {
      const lint = new ESLint({ cwd })
      const [result] = await lint.lintText(importing('@bonds/bonds'), {
        filePath: `${root}packages/ticketing/src/x.ts`,
      })
      const found = (result?.messages ?? []).map((m) => m.message).join('\n')
      expect(found, cwd).toContain('feature packages never import each other')
    }
  })

  it('has no config file but the root one', () => {
    const configs = ['apps', 'packages', 'tooling'].flatMap((group) =>
      readdirSync(`${root}${group}`).filter((name) =>
        readdirSync(`${root}${group}/${name}`).some((file) => /^eslint\.config\./.test(file)),
      ),
    )
    expect(configs).toEqual([])
  })
})
