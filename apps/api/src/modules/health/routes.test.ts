// Liveness and readiness: the real app is ready; a database that refuses connections, or a bus
// that does not answer, makes readiness 503 within about a second, naming which (issue 19).
import Fastify from 'fastify'
import pg from 'pg'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { testDatabase } from '../../db/testing.ts'
import { healthRoutes, READINESS_TIMEOUT_MS } from './routes.ts'

const closers: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

async function bare(checks: Parameters<typeof healthRoutes>[1]) {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await healthRoutes(app, checks)
  closers.push(() => app.close())
  return app
}

describe('health', () => {
  it('the real server is live and ready', async () => {
    const database = await testDatabase()
    const app = await buildApp(readConfig({ LOG_LEVEL: 'silent' }), { web: false, database })
    closers.push(async () => {
      await app.close()
      await database.close()
    })
    expect((await app.inject({ url: '/api/health/' })).json()).toEqual({ status: 'ok' })
    const ready = await app.inject({ url: '/api/health/ready/' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', bus: 'ok' })
  })

  it('is not ready, within a second, when PostgreSQL refuses connections', async () => {
    // Port 1 on this machine: nothing listens, the connection is refused at once.
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 800,
    })
    closers.push(() => pool.end())
    const app = await bare({ database: () => pool.query('select 1'), bus: async () => {} })
    const started = Date.now()
    const response = await app.inject({ url: '/api/health/ready/' })
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 500)
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down', bus: 'ok' })
    // Liveness still answers: the process is up, only what it depends on is not.
    expect((await app.inject({ url: '/api/health/' })).statusCode).toBe(200)
  })

  it('is not ready when the bus does not answer in time', async () => {
    const app = await bare({ database: async () => {}, bus: () => new Promise(() => {}) })
    const response = await app.inject({ url: '/api/health/ready/' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ database: 'ok', bus: 'down' })
  })
})
