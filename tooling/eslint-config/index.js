// The one ESLint flat config. It holds the dependency direction of ARCHITECTURE.md:
//   domain ← pricing ← api-client ← ui-kit/auth ← feature packages ← apps
// each package imports only the packages its layer allows (an allow-list per package); feature
// packages never import each other; nothing imports past a package's `exports`; no import cycles;
// packages never import apps; `domain` imports nothing internal; what the server uses imports no
// React; the API's modules import each other only through their index.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { serverModules } from './rules/server-modules.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const APPS = [
  '@bonds/api',
  '@bonds/marketing',
  '@bonds/web-find',
  '@bonds/web-dart',
  '@bonds/web-mind',
]
const REACT = ['react', 'react-dom', 'react-dom/*', 'react-router', '@mantine/*', '@tabler/*']

/**
 * The base packages, lowest first, and the internal packages each may import. Every other folder
 * under packages/ is a feature package: it may import the base packages, never another feature.
 */
export const BASE_PACKAGES = {
  domain: [],
  pricing: ['domain'],
  'api-client': ['domain', 'pricing'],
  'ui-kit': ['domain', 'pricing', 'api-client'],
  auth: ['domain', 'pricing', 'api-client', 'ui-kit'],
}
/**
 * What the API server may import: the framework-free packages, and the pure entries of feature
 * packages (the chat-quote parser: `@bonds/trading/chat-quotes`, not `@bonds/trading`).
 */
export const SERVER_MAY_IMPORT = [
  'domain',
  'pricing',
  'trading/chat-quotes',
  'trading/quote-pricing',
  'analyst/engine',
]
/** Pure entries of feature packages (folders under src/): no React, domain and pricing only. */
export const PURE_ENTRIES = { trading: ['chat-quotes', 'quote-pricing'], analyst: ['engine'] }
/** Client packages whose provider contract runs against the real server (`*.contract.test.ts`). */
export const CONTRACT_CLIENTS = ['chat-core']

/** Every public entry of the workspace's packages: `@bonds/x` and `@bonds/x/<subpath>` of `exports`. */
function publicEntries() {
  const entries = new Set()
  for (const group of ['apps', 'packages', 'tooling']) {
    const folder = join(ROOT, group)
    if (!existsSync(folder)) continue
    for (const name of readdirSync(folder)) {
      const file = join(folder, name, 'package.json')
      if (!existsSync(file)) continue
      const pkg = JSON.parse(readFileSync(file, 'utf8'))
      if (typeof pkg.name !== 'string' || !pkg.name.startsWith('@bonds/')) continue
      entries.add(pkg.name)
      const keys = pkg.exports && typeof pkg.exports === 'object' ? Object.keys(pkg.exports) : []
      for (const key of keys) {
        if (key.startsWith('./')) entries.add(`${pkg.name}/${key.slice(2)}`)
      }
    }
  }
  return [...entries].sort()
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** A specifier under @bonds/ that is not a public entry (read from each package.json's exports). */
const DEEP_IMPORT = `^@bonds\\/(?!(?:${publicEntries()
  .map((entry) => escape(entry.slice('@bonds/'.length)))
  .join('|')})$).+`

/** Deep imports past a package's `exports` map. */
const deepImport = {
  regex: DEEP_IMPORT,
  message: "Import a package only through its exports map (no deep imports past 'exports').",
}
const appImport = {
  group: APPS,
  message: 'Packages and apps never import an app.',
}
const relativeEscape = {
  regex: '^(\\.\\./)+(apps|packages|tooling)/',
  message: 'Cross package boundaries by package name, never by relative path.',
}

/**
 * Only these internal packages (and their public subpaths); a name with a subpath
 * ("trading/chat-quotes") allows that entry of its package and no other.
 */
function allowList(owner, allowed, why) {
  const names = allowed.map((name) => `@bonds/${name}`)
  const message = `${owner} may import only ${names.length ? names.join(', ') : 'no internal package'}: ${why}`
  const roots = [...new Set(names.map((name) => name.split('/').slice(0, 2).join('/')))]
  const entriesOnly = roots
    .filter((root) => !names.includes(root))
    .map((root) => {
      const entries = names.filter((name) => name.startsWith(`${root}/`))
      const rest = entries.map((entry) => escape(entry.slice(root.length))).join('|')
      return { regex: `^${escape(root)}(?!(?:${rest})$)(?:/.*)?$`, message }
    })
  return [{ group: ['@bonds/*', ...roots.map((name) => `!${name}`)], message }, ...entriesOnly]
}

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] }
}

const syntax = [
  { selector: 'ExportAllDeclaration', message: 'List exports by name (no export *).' },
  {
    // import() is not seen by no-restricted-imports.
    selector: `ImportExpression[source.value=/${DEEP_IMPORT}/]`,
    message: "Import a package only through its exports map (no deep imports past 'exports').",
  },
]

/** Build the flat config. */
export function config() {
  return tseslint.config(
    {
      ignores: [
        '**/dist/**',
        '**/storybook-static/**',
        '**/node_modules/**',
        '**/.turbo/**',
        '**/coverage/**',
        // Stryker's sandboxes and reports (`pnpm --filter <package> mutate`).
        '**/.stryker-tmp/**',
        '**/reports/mutation/**',
        // esbuild's bundles of the benchmarks.
        '**/bench/.out/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        globals: { ...globals.browser, ...globals.node },
      },
      plugins: { 'import-x': importX, bonds: { rules: { 'server-modules': serverModules } } },
      settings: {
        // no-cycle follows TypeScript files too (the default reads .js only).
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
        ],
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-restricted-syntax': ['error', ...syntax],
        ...restrict(deepImport, appImport, relativeEscape),
        // A cycle through a dynamic import() counts too; type-only imports do not.
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      files: ['**/*.tsx', '**/*.ts'],
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'warn',
      },
    },
    // Feature packages: the base packages only, never another feature (when two need the same
    // thing, it moves down a layer).
    {
      files: ['**/packages/*/src/**'],
      rules: restrict(
        deepImport,
        appImport,
        relativeEscape,
        ...allowList(
          'A feature package',
          Object.keys(BASE_PACKAGES),
          'feature packages never import each other (move what two share down a layer).',
        ),
      ),
    },
    // The base packages, each with its allow-list (the dependency direction).
    ...Object.entries(BASE_PACKAGES)
      .filter(([name]) => !['domain', 'api-client', 'pricing'].includes(name))
      .map(([name, allowed]) => ({
        files: [`**/packages/${name}/src/**`],
        rules: restrict(
          deepImport,
          appImport,
          relativeEscape,
          ...allowList(`@bonds/${name}`, allowed, 'the dependency direction of ARCHITECTURE.md.'),
        ),
      })),
    // domain: the spec as code; imports nothing internal and no framework.
    {
      files: ['**/packages/domain/src/**'],
      rules: restrict(deepImport, relativeEscape, {
        group: ['@bonds/*', ...REACT],
        message: '@bonds/domain imports nothing internal and no UI framework.',
      }),
    },
    // Schemas get zod from schemas/runtime.ts, which sets it up for the pages' CSP before any
    // schema exists (a bundle keeps that module only because every schema imports it).
    {
      files: ['**/packages/domain/src/**'],
      ignores: ['**/packages/domain/src/schemas/runtime.ts', '**/*.test.ts'],
      rules: restrict(
        deepImport,
        relativeEscape,
        {
          group: ['@bonds/*', ...REACT],
          message: '@bonds/domain imports nothing internal and no UI framework.',
        },
        {
          group: ['zod', 'zod/*'],
          message: "Import z from './schemas/runtime.ts' (it runs schemas without eval in pages).",
        },
      ),
    },
    // api-client: the HTTP client and the API slice under ui-kit and auth; domain and pricing only,
    // and no React but RTK Query's React entry (the slice's hooks).
    {
      files: ['**/packages/api-client/src/**'],
      rules: restrict(deepImport, appImport, relativeEscape, {
        // RTK Query's React entry is the one React it takes: the API slice's hooks (issue 17).
        group: [
          '@bonds/*',
          '!@bonds/domain',
          '!@bonds/pricing',
          '@bonds/*/react',
          ...REACT,
          '!@reduxjs/toolkit/query/react',
        ],
        message:
          "@bonds/api-client imports only @bonds/domain and @bonds/pricing, and no React (but RTK Query's hooks).",
      }),
    },
    // pricing: domain only; its root entry is pure (no React), `src/react` is the React entry.
    {
      files: ['**/packages/pricing/src/**'],
      rules: restrict(
        deepImport,
        appImport,
        relativeEscape,
        ...allowList('@bonds/pricing', BASE_PACKAGES.pricing, 'the dependency direction.'),
      ),
    },
    {
      files: ['**/packages/pricing/src/**'],
      ignores: ['**/packages/pricing/src/react/**'],
      rules: restrict(
        deepImport,
        appImport,
        relativeEscape,
        ...allowList('@bonds/pricing', BASE_PACKAGES.pricing, 'the dependency direction.'),
        { group: REACT, message: 'Code the server uses imports no React.' },
      ),
    },
    // chat-core: its core (the port, the session, the providers) is framework-free, as the
    // server's contract test and any client use it; the screens are its `src/react` entry.
    {
      files: ['**/packages/chat-core/src/**'],
      ignores: ['**/packages/chat-core/src/react/**'],
      rules: restrict(
        deepImport,
        appImport,
        relativeEscape,
        ...allowList(
          "@bonds/chat-core's core",
          ['domain', 'api-client'],
          'it is framework-free; the screens are its src/react entry.',
        ),
        { group: REACT, message: "chat-core's core imports no React (screens go in src/react)." },
      ),
    },
    // A feature package's pure entry (the chat-quote parser) is code the server runs: domain and
    // pricing only, no React.
    ...Object.entries(PURE_ENTRIES).flatMap(([name, entries]) =>
      entries.map((entry) => ({
        files: [`**/packages/${name}/src/${entry}/**`],
        rules: restrict(
          deepImport,
          appImport,
          relativeEscape,
          ...allowList(`@bonds/${name}/${entry}`, ['domain', 'pricing'], 'the server runs it.'),
          { group: REACT, message: 'Code the server uses imports no React.' },
        ),
      })),
    ),
    // The server: framework-free packages only, and its modules stay movable folders.
    {
      files: ['**/apps/api/src/**'],
      rules: {
        ...restrict(
          deepImport,
          appImport,
          relativeEscape,
          ...allowList('The API server', SERVER_MAY_IMPORT, 'the server imports no UI package.'),
          { group: REACT, message: 'Code the server uses imports no React.' },
        ),
        'bonds/server-modules': 'error',
      },
    },
    // A provider contract test runs a client package against the real server: such a file (and no
    // other server file) may also import the client under test, never a UI package.
    {
      files: ['**/apps/api/src/**/*.contract.test.ts'],
      rules: restrict(
        deepImport,
        appImport,
        relativeEscape,
        ...allowList(
          'A server contract test',
          [...SERVER_MAY_IMPORT, ...CONTRACT_CLIENTS],
          'it runs a client package against the real server, nothing more.',
        ),
        { group: REACT, message: 'Code the server uses imports no React.' },
      ),
    },
    // Tests and test helpers may reach across modules (they build the whole server).
    {
      files: ['**/apps/api/src/**/*.test.ts', '**/apps/api/src/**/testing.ts', '**/testing/**'],
      rules: { 'bonds/server-modules': 'off' },
    },
    // A server module's files stay small: about 300 lines at most.
    {
      files: ['**/apps/api/src/modules/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: { 'max-lines': ['error', { max: 300 }] },
    },
    // Only env.ts reads the environment in apps.
    {
      files: ['**/apps/web-*/src/**', '**/apps/marketing/src/**'],
      ignores: ['**/env.ts'],
      rules: {
        'no-restricted-properties': [
          'error',
          { object: 'import', property: 'meta', message: 'Read environment only in src/env.ts.' },
        ],
      },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx', '**/e2e/**'],
      rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
    },
    // Benchmarks measure the server's own code (bundled by bench/run.mjs): they may import its
    // source by path, as tests do; nothing imports them.
    {
      files: ['**/bench/**'],
      rules: restrict(deepImport),
    },
  )
}

export default config()
