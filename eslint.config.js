// The workspace's one ESLint config, for a lint of every package at once (`pnpm lint`, npm test):
// one run shares its parsed modules between packages, where a run per package parsed what each
// imports again. Each package's own `pnpm lint` uses the same config.
export { default } from '@bonds/eslint-config'
