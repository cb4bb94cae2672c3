// Migrations must run inside any schema: tests on PostgreSQL give each file its own search_path.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from './client.ts'

describe('migrations', () => {
  it('never name the public schema in references (drizzle-kit writes it; remove it)', () => {
    const files = readdirSync(migrationsFolder()).filter((f) => f.endsWith('.sql'))
    expect(files.length).toBeGreaterThan(2)
    for (const file of files) {
      const sql = readFileSync(join(migrationsFolder(), file), 'utf8')
      expect(sql, file).not.toMatch(/REFERENCES "public"\./)
    }
  })
})
