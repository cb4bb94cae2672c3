// @bonds/auth/testing: fixtures for tests and stories (never imported by product code).

/** An Ops Admin of Demo Capital as the session answers it; `overrides` change any field. */
export { opsAdmin } from './users.ts'
