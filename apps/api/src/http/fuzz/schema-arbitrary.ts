// Inputs for the fuzz suite, generated from the OpenAPI document's JSON schemas: mostly the shape
// an operation expects (so an input gets past validation and into the handler and the database),
// with hostile values in its leaves (NUL bytes, impossible and far dates, huge and negative
// numbers, long and odd strings, wrong types), fields left out and fields nobody declared.
import fc, { type Arbitrary } from 'fast-check'

/** A JSON schema as the OpenAPI document writes it (the parts the generator reads). */
export interface JsonSchema {
  type?: string | string[]
  nullable?: boolean
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  $ref?: string
}

/** Strings that have answered 500 somewhere, or would in a careless handler. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '2026-13-45',
  '0001-01-01',
  '9999-12-31',
  '275760-09-13',
  '2026-02-30T25:61:61Z',
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  '\uD800',
  '١٢٣',
  '𝟙𝟚𝟛',
  '<script>alert(1)</script>',
  'toString',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
]

/** Numbers at and past every edge a handler or a column may have. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.1 + 0.2,
  1e-320,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
]

/** Values of another shape than the one expected. */
const WRONG_SHAPES: readonly unknown[] = [null, [], {}, true, [[[]]], { '': null }]

/** Any hostile value: a string, a number or a wrong shape. */
export const hostileValue: Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_SHAPES) },
)

/** Options of schemaArbitrary. */
export interface SchemaArbitraryOptions {
  /** The whole document, for `$ref`s (`#/components/schemas/…`). */
  document?: unknown
  /** How often a leaf is hostile rather than well formed, 0–1 (default 0.2). */
  hostility?: number
  /** Nesting beyond which a value is null (a recursive schema ends). */
  maxDepth?: number
}

function resolve(schema: JsonSchema, document: unknown): JsonSchema {
  if (!schema.$ref?.startsWith('#/')) return schema
  let node: unknown = document
  for (const part of schema.$ref.slice(2).split('/')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  }
  return (node as JsonSchema | undefined) ?? {}
}

function wellFormedString(schema: JsonSchema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200))
  switch (schema.format) {
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString())
    case 'email':
      return fc.emailAddress()
    case 'uuid':
      return fc.uuid()
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 500)
    } catch {
      // A pattern JavaScript cannot read: any text.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' })
}

function wellFormedNumber(schema: JsonSchema, integer: boolean): Arbitrary<number> {
  const min = schema.minimum ?? -1e6
  const max = Math.max(min, schema.maximum ?? 1e9)
  return integer
    ? fc.integer({
        min: Math.ceil(Math.max(min, -(2 ** 31))),
        max: Math.floor(Math.min(max, 2 ** 31)),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/**
 * An arbitrary of request values for `schema`: well formed most of the time, with a hostile leaf,
 * a missing required field or an undeclared field now and then.
 */
export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
  depth = 0,
): Arbitrary<unknown> {
  const { document, hostility = 0.2, maxDepth = 6 } = options
  const s = resolve(schema, document)
  if (depth > maxDepth) return fc.constant(null)
  const next = (child: JsonSchema) => schemaArbitrary(child, options, depth + 1)
  const hostile = (wellFormed: Arbitrary<unknown>): Arbitrary<unknown> => {
    const bad = Math.round(hostility * 100)
    return fc.oneof(
      { weight: 100 - bad, arbitrary: wellFormed },
      { weight: bad, arbitrary: hostileValue },
    )
  }

  const union = s.anyOf ?? s.oneOf
  if (union?.length) return fc.oneof(...union.map(next))
  if (s.allOf?.length) {
    const merged = s.allOf.map((part) => resolve(part, document))
    return next({
      type: 'object',
      properties: Object.assign({}, ...merged.map((part) => part.properties ?? {})) as Record<
        string,
        JsonSchema
      >,
      required: merged.flatMap((part) => part.required ?? []),
    })
  }
  if (s.const !== undefined) return hostile(fc.constant(s.const))
  if (s.enum?.length) return hostile(fc.constantFrom(...s.enum))

  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  let value: Arbitrary<unknown>
  switch (type) {
    case 'string':
      value = hostile(wellFormedString(s))
      break
    case 'integer':
    case 'number':
      value = hostile(wellFormedNumber(s, type === 'integer'))
      break
    case 'boolean':
      value = hostile(fc.boolean())
      break
    case 'array':
      value = hostile(
        fc.array(next(s.items ?? {}), {
          minLength: Math.min(s.minItems ?? 0, 5),
          maxLength: Math.max(Math.min(s.minItems ?? 0, 5), Math.min(s.maxItems ?? 4, 8)),
        }),
      )
      break
    case 'object':
      value = objectArbitrary(s, next, hostility)
      break
    default:
      value = depth === 0 ? fc.jsonValue({ maxDepth: 3 }) : hostile(fc.jsonValue({ maxDepth: 2 }))
  }
  return s.nullable ? fc.oneof({ weight: 9, arbitrary: value }, fc.constant(null)) : value
}

function objectArbitrary(
  s: JsonSchema,
  next: (child: JsonSchema) => Arbitrary<unknown>,
  hostility: number,
): Arbitrary<unknown> {
  const properties = s.properties ?? {}
  const required = new Set(s.required ?? [])
  const keys = Object.keys(properties)
  const fields = Object.fromEntries(keys.map((key) => [key, next(properties[key] ?? {})]))
  const wellFormed = fc.record(fields, {
    requiredKeys: keys.filter((key) => required.has(key)),
  }) as Arbitrary<Record<string, unknown>>
  const bad = Math.round(hostility * 50)
  const sometimes = <T>(arbitrary: Arbitrary<T>): Arbitrary<T | null> =>
    fc.oneof({ weight: 100 - bad, arbitrary: fc.constant(null) }, { weight: bad, arbitrary })
  return fc
    .tuple(
      wellFormed,
      // Now and then a required field is left out, or a field nobody declared comes along.
      sometimes(fc.constantFrom(...(required.size ? [...required] : ['_']))),
      sometimes(fc.tuple(fc.constantFrom('unknown_field', 'Quantum', '__proto__'), hostileValue)),
    )
    .map(([record, drop, extra]) => {
      const out: Record<string, unknown> = { ...record }
      if (drop !== null) delete out[drop]
      if (extra !== null)
        Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true })
      return out
    })
}
