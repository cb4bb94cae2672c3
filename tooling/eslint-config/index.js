// The one ESLint flat config. It holds the dependency direction of ARCHITECTURE.md:
//   domain ← pricing ← api-client ← ui-kit/auth ← feature packages ← apps
// apps import packages only through their `exports`; packages never import apps;
// `domain` imports nothing internal; what the server uses imports no React.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const APPS = [
  '@bonds/api',
  '@bonds/marketing',
  '@bonds/web-find',
  '@bonds/web-dart',
  '@bonds/web-mind',
]
const REACT = ['react', 'react-dom', 'react-dom/*', 'react-router', '@mantine/*', '@tabler/*']

/** Deep imports past a package's `exports` map (only `/react`, `/testing` and css are public subpaths). */
const deepImport = {
  regex:
    '^@bonds/[^/]+/(?!react$|testing$|styles\\.css$|base\\.json$|react\\.json$|node\\.json$).+',
  message: 'Import a package only through its exports map (no deep imports).',
}
const appImport = {
  group: APPS,
  message: 'Packages and apps never import an app.',
}
const relativeEscape = {
  regex: '^(\\.\\./)+(apps|packages|tooling)/',
  message: 'Cross package boundaries by package name, never by relative path.',
}

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] }
}

/** Build the flat config; `rootDir` is the package's own folder. */
export function config() {
  return tseslint.config(
    {
      ignores: [
        '**/dist/**',
        '**/storybook-static/**',
        '**/node_modules/**',
        '**/.turbo/**',
        '**/coverage/**',
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
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-restricted-syntax': [
          'error',
          { selector: 'ExportAllDeclaration', message: 'List exports by name (no export *).' },
        ],
        ...restrict(deepImport, appImport, relativeEscape),
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
    // domain: the spec as code; imports nothing internal and no framework.
    {
      files: ['**/packages/domain/src/**'],
      rules: restrict(deepImport, relativeEscape, {
        group: ['@bonds/*', ...REACT],
        message: '@bonds/domain imports nothing internal and no UI framework.',
      }),
    },
    // api-client: the HTTP client under ui-kit and auth; domain and pricing only, no React.
    {
      files: ['**/packages/api-client/src/**'],
      rules: restrict(deepImport, appImport, relativeEscape, {
        group: ['@bonds/*', '!@bonds/domain', '!@bonds/pricing', '@bonds/*/react', ...REACT],
        message: '@bonds/api-client imports only @bonds/domain and @bonds/pricing, and no React.',
      }),
    },
    // Pure entries the server uses: no React, no DOM frameworks.
    {
      files: ['**/packages/pricing/src/**', '**/apps/api/src/**'],
      ignores: ['**/packages/pricing/src/react/**'],
      rules: restrict(deepImport, appImport, relativeEscape, {
        group: REACT,
        message: 'Code the server uses imports no React.',
      }),
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
  )
}

export default config()
