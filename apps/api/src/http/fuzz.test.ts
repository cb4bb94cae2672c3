// Throws malformed requests (broken JSON, wrong content types, oversized payloads) at every
// registered API route: none may answer 500. Well-shaped and hostile values by each operation's
// schema are fuzz-operations.test.ts's.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import type { Database } from '../db/index.ts'
import { readConfig } from '../config.ts'
import { signIn } from '../modules/auth/testing.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'

let app: FastifyInstance
let database: Database
let tokens: string[]

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
    }),
    {
      web: false,
      database,
    },
  )
  await app.ready()
  // Signed in as the Ops Admin and as a Dealer who may trade, the fuzz reaches the bodies of
  // the signed-in routes too.
  tokens = [
    (await signIn(app, 'opsadmin@demo.test')).access,
    (await signIn(app, 'dealer@demo.test')).access,
  ]
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** Fill a route pattern's parameters (`:id`, `*`) with arbitrary text. */
function fillPath(url: string, value: string): string {
  return url
    .replace(/:[A-Za-z_]+/g, encodeURIComponent(value))
    .replace('*', encodeURIComponent(value))
}

const apiRoutes = () =>
  app.registeredRoutes.filter(
    (r) =>
      (r.url.startsWith('/api/') || r.url.startsWith('/ext/')) &&
      !r.url.startsWith('/api/docs') &&
      // Sign-out would end the fuzzing session.
      r.url !== '/api/token/revoke/',
  )

describe('no handler answers 500 to bad input', () => {
  it('has API routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThan(0)
  })

  it('survives malformed bodies: broken JSON, wrong content types, oversized payloads', async () => {
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"a":', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: '\u0000\u0001', type: 'application/octet-stream' },
      { payload: '<xml/>', type: 'text/xml' },
      { payload: 'x'.repeat(2 * 1024 * 1024), type: 'application/json' },
    ]
    for (const route of apiRoutes()) {
      for (const [i, { payload, type }] of bodies.entries()) {
        const token = tokens[i % tokens.length]
        const response = await app.inject({
          method: route.method === 'GET' ? 'POST' : (route.method as 'POST'),
          url: fillPath(route.url, 'x'),
          payload,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
        })
        expect(response.statusCode, `${route.method} ${route.url} ${type}`).toBeLessThan(500)
      }
    }
  })
})
