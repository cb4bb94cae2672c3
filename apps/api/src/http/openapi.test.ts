// The OpenAPI document passes Redocly's `recommended` rules with no error (issue 19): every
// operation declares its security and has an id, nullable schemas carry a type, and the document
// names its server. One rule is off: the spec's API paths end in a slash (`api/trade/eoi/`), and
// other programs are written against them (decision 255).
import { createConfig, lintFromString } from '@redocly/openapi-core'
import type { FastifyInstance } from 'fastify'
import { nullableUnions, operationIdOf, securityOf } from './openapi.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { testDatabase } from '../db/testing.ts'

let app: FastifyInstance
let database: Database
let document: string

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(readConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false' }), {
    web: false,
    database,
  })
  await app.ready()
  document = JSON.stringify(app.swagger())
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off' },
    })
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config })
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`)
    expect(errors).toEqual([])
  })

  it('declares the bearer token on signed-in operations, and as optional on public ones', () => {
    const paths = (JSON.parse(document) as { paths: Record<string, Record<string, unknown>> }).paths
    const security = (path: string, method: string) =>
      (paths[path]?.[method] as { security?: unknown } | undefined)?.security
    expect(security('/api/trade/eoi/', 'post')).toEqual([{ bearer: [] }])
    expect(security('/api/trade/finstrument/', 'get')).toEqual([{}, { bearer: [] }])
    expect(securityOf('demo')).toEqual([])
    expect(securityOf({ roles: ['complianceofficer'] })).toEqual([{ bearer: [] }])
  })

  it('names each operation by its method and path', () => {
    expect(operationIdOf('POST', '/api/trade/eoi/')).toBe('postApiTradeEoi')
    expect(operationIdOf('GET', '/api/chatter/trade/actions/{id}/{action}/')).toBe(
      'getApiChatterTradeActionsIdAction',
    )
  })

  it('moves nullable into the members of a nullable union, as OpenAPI 3.0 reads it', () => {
    expect(
      nullableUnions({
        properties: {
          replaces: { nullable: true, anyOf: [{ type: 'string' }, { type: 'integer' }] },
          note: { type: 'string', nullable: true },
        },
      }),
    ).toEqual({
      properties: {
        replaces: {
          anyOf: [
            { type: 'string', nullable: true },
            { type: 'integer', nullable: true },
          ],
        },
        note: { type: 'string', nullable: true },
      },
    })
  })
})
