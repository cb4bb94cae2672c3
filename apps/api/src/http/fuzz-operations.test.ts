// The fuzz suite of issue 19: every operation of the OpenAPI document, every path, query and body
// field it declares, with inputs generated from its schemas (mostly well formed, with hostile
// leaves, missing and undeclared fields), each sent signed in as a role the operation lets in.
// No input may answer 5xx. FUZZ_INPUTS (per operation, default 12) and FUZZ_SEED change the
// volume and the draw; `node bench/run.mjs fuzz` runs it at volume.
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { signIn } from '../modules/auth/testing.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'
import { schemaArbitrary, type JsonSchema } from './fuzz/schema-arbitrary.ts'

const INPUTS_PER_OPERATION = Number(process.env.FUZZ_INPUTS ?? 12)
const SEED = Number(process.env.FUZZ_SEED ?? 19)
/** Every demo account (one per role and kind of firm), and no token at all. */
const ACCOUNTS = [
  'opsadmin',
  'dealer',
  'viewer',
  'backoffice',
  'compliance',
  'researcher',
  'user',
  'investor',
  'broker',
] as const
/** Operations that would end the fuzzing session itself. */
const SKIPPED = new Set(['POST /api/token/revoke/'])

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  schema?: JsonSchema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}
interface Document {
  paths: Record<string, Record<string, Operation>>
}

let app: FastifyInstance
let database: Database
let document: Document
const tokens: (string | null)[] = [null]

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000000',
      WRITE_RATE_LIMIT: '1000000',
    }),
    { web: false, database },
  )
  await app.ready()
  for (const who of ACCOUNTS) tokens.push((await signIn(app, `${who}@demo.test`)).access)
  document = app.swagger() as unknown as Document
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** A generated value as it travels in a path segment or a query string. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
}

/**
 * Percent-encoded text; a lone surrogate (no UTF-8 form) becomes the bytes a careless client
 * would send for it, which are not UTF-8 either.
 */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80'
  }
}

interface Request {
  method: string
  /** Path and query string. */
  url: string
  payload?: string
}

/** The operation's request with these path, query and body values. */
function request(
  method: string,
  path: string,
  values: { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
): Request {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encode(asText(values.path[name] ?? 'x')),
  )
  const query = Object.entries(values.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`)
    .join('&')
  const hasBody = !['get', 'head', 'delete', 'options'].includes(method)
  return {
    method: method.toUpperCase(),
    url: query ? `${url}?${query}` : url,
    ...(hasBody ? { payload: JSON.stringify(values.body ?? {}) } : {}),
  }
}

async function send(req: Request, token: string | null) {
  return app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  })
}

/** The tokens an operation lets in (a plain request is not refused 401, 402 or 403). */
async function admitted(method: string, path: string): Promise<(string | null)[]> {
  const plain = request(method, path, { path: {}, query: {}, body: {} })
  const open: (string | null)[] = []
  for (const token of tokens) {
    const { statusCode } = await send(plain, token)
    if (![401, 402, 403].includes(statusCode)) open.push(token)
  }
  return open.length ? open : tokens
}

function valuesArbitrary(operation: Operation, hostility: number) {
  const parameters = operation.parameters ?? []
  const fields = (where: 'path' | 'query') =>
    Object.fromEntries(
      parameters
        .filter((p) => p.in === where)
        .map((p) => [
          p.name,
          schemaArbitrary(p.schema ?? { type: 'string' }, { document, hostility }),
        ]),
    )
  const body = operation.requestBody?.content?.['application/json']?.schema
  return fc.record({
    path: fc.record(fields('path')),
    query: fc.record(fields('query'), { requiredKeys: [] }),
    body: body ? schemaArbitrary(body, { document, hostility }) : fc.constant(undefined),
  })
}

describe('the fuzz suite: every operation of the OpenAPI document', () => {
  it('answers no generated input with a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = []
    let tried = 0
    let operations = 0
    /** Answers by class: the 2xx show how many inputs got through validation into a handler. */
    const answered = new Map<string, number>()
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue
        operations += 1
        const open = await admitted(method, path)
        // Half nearly well formed (one odd value gets into the handler and the database), half
        // hostile throughout (the validation and the error handler).
        const inputs = [0.03, 0.3].flatMap((hostility) =>
          fc.sample(fc.tuple(valuesArbitrary(operation, hostility), fc.constantFrom(...open)), {
            numRuns: Math.ceil(INPUTS_PER_OPERATION / 2),
            seed: SEED + operations,
          }),
        )
        for (const [values, token] of inputs) {
          const req = request(method, path, values)
          const response = await send(req, token)
          tried += 1
          const status = `${Math.floor(response.statusCode / 100)}xx`
          answered.set(status, (answered.get(status) ?? 0) + 1)
          if (response.statusCode >= 500) {
            failures.push(
              `${req.method} ${req.url} ${(req.payload ?? '').slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
            )
          }
        }
      }
    }
    console.info(
      `fuzz: ${tried} generated inputs on ${operations} operations (seed ${SEED}): ${[...answered].map(([k, n]) => `${n} × ${k}`).join(', ')}`,
    )
    expect(operations).toBeGreaterThan(100)
    // The inputs get through validation into the handlers, not only to a 400.
    expect(answered.get('2xx') ?? 0).toBeGreaterThan(tried / 20)
    expect(failures).toEqual([])
  })
})
