import { defineConfig } from 'drizzle-kit'

// `pnpm --filter @bonds/api db:generate` writes a migration for schema changes into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/chat-schema.ts',
    './src/db/runs-schema.ts',
    './src/db/inventory-schema.ts',
  ],
  out: './drizzle',
})
