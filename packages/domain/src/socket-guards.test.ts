import { describe, expect, it } from 'vitest'
import { chatSocketServerMessageSchema } from './chat-socket.ts'
import { isChatSocketServerMessage, isSocketServerFrame } from './socket-guards.ts'
import { socketServerFrameSchema } from './socket-messages.ts'

// The guards are held to the zod schemas, the one source of truth: over valid frames of every kind
// and every breakage of one field of them (removed, or replaced by a value of another type or out
// of range), a guard must accept exactly what its schema accepts. A field added to a schema and
// not to its guard (or a rule changed in one) fails here.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Values a field is replaced with: each wrong for some rule, right for others. */
const REPLACEMENTS: (Json | undefined)[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 60,
  '',
  'x',
  'x'.repeat(101),
  'read',
  [],
  ['x'],
  [1],
  {},
]

/** Every frame made by changing one place of `frame` (at any depth) to each replacement. */
function* breakages(frame: Json): Generator<Json | undefined> {
  for (const value of REPLACEMENTS) yield value
  if (Array.isArray(frame)) {
    for (const [index, item] of frame.entries()) {
      for (const broken of breakages(item)) {
        const copy = [...frame]
        if (broken === undefined) copy.splice(index, 1)
        else copy[index] = broken
        yield copy
      }
    }
  } else if (frame !== null && typeof frame === 'object') {
    for (const [key, item] of Object.entries(frame)) {
      for (const broken of breakages(item)) {
        const copy: { [key: string]: Json } = { ...frame }
        if (broken === undefined) delete copy[key]
        else copy[key] = broken
        yield copy
      }
    }
    yield { ...frame, extra: 1 }
  }
}

function agreement(
  frames: Json[],
  guard: (value: unknown) => boolean,
  schema: { safeParse: (value: unknown) => { success: boolean } },
) {
  let checked = 0
  const disagreements: string[] = []
  for (const frame of frames) {
    expect(schema.safeParse(frame).success, JSON.stringify(frame)).toBe(true)
    expect(guard(frame), JSON.stringify(frame)).toBe(true)
    for (const broken of breakages(frame)) {
      checked += 1
      const expected = schema.safeParse(broken).success
      if (guard(broken) !== expected) {
        disagreements.push(`${JSON.stringify(broken)}: schema ${expected ? 'accepts' : 'refuses'}`)
      }
    }
  }
  return { checked, disagreements }
}

describe('isSocketServerFrame', () => {
  const frames: Json[] = [
    { type: 'quotes_stream', data: { finstrument_id: 'IN0020210244' } },
    { type: 'open_tickets', data: {} },
    { type: 'refresh', target: 'tickets' },
    { type: 'pong', at: 1764200000000 },
    { type: 'auth_ok', user_id: 'u1' },
    {
      type: 'batch',
      messages: [
        { type: 'quotes_eoi', data: { id: 'e1' } },
        { type: 'refresh', target: 'network' },
      ],
    },
  ]

  it('accepts what socketServerFrameSchema accepts, and only that', () => {
    const { checked, disagreements } = agreement(
      frames,
      isSocketServerFrame,
      socketServerFrameSchema,
    )
    expect(disagreements).toEqual([])
    expect(checked).toBeGreaterThan(300)
  })

  it('agrees with the schema at the edges the breakages do not reach', () => {
    const edges: unknown[] = [
      // A batch of exactly one message is the smallest batch.
      { type: 'batch', messages: [{ type: 'pong', at: 1 }] },
      {
        type: 'batch',
        messages: [
          { type: 'pong', at: 1 },
          { type: 'pong', at: 'x' },
        ],
      },
      // zod's number is finite (values passed as they are, not through JSON).
      { type: 'pong', at: Number.POSITIVE_INFINITY },
      { type: 'pong', at: Number.NaN },
      { type: 'quotes_stream', data: [] },
      { type: 'quotes_stream', data: null },
      { type: 'refresh', target: 'nope' },
      { type: 'auth_ok', user_id: 7 },
      { type: 'batch', messages: 'x' },
      { type: 'batch', messages: [{ type: 'batch', messages: [{ type: 'pong', at: 1 }] }] },
    ]
    for (const value of edges) {
      expect(isSocketServerFrame(value), JSON.stringify(value)).toBe(
        socketServerFrameSchema.safeParse(value).success,
      )
    }
    expect(isSocketServerFrame(edges[0])).toBe(true)
    expect(isSocketServerFrame(edges[2])).toBe(false)
  })

  it('refuses what is not a frame', () => {
    for (const value of [null, 'x', 1, [], {}, { type: 'batch', messages: [] }]) {
      expect(isSocketServerFrame(value)).toBe(false)
    }
  })
})

describe('isChatSocketServerMessage', () => {
  const message: Json = {
    messageId: 7,
    channelUrl: 'c1',
    reqId: 'r1',
    messageType: 'user',
    message: 'Bid 6.54 GS 2032',
    type: '',
    name: null,
    size: null,
    url: null,
    data: '',
    customType: '',
    sender: { userId: 'u1', nickname: 'Dealer' },
    ogMetaData: { title: 'T', url: 'https://example.com', description: 'D' },
    createdAt: 1764200000000,
    isBrokerToBroker: false,
  }
  const file: Json = {
    ...message,
    messageType: 'file',
    message: '',
    type: 'application/pdf',
    name: 'im.pdf',
    size: 2048,
    url: '/api/chat/files/f1/',
    sender: null,
    ogMetaData: { url: 'https://example.com' },
  }
  const frames: Json[] = [
    { type: 'auth_ok', userId: 'u1', seq: 0, resync: false },
    {
      type: 'events',
      items: [
        { seq: 1, event: { kind: 'message', channelUrl: 'c1', message } },
        {
          seq: 2,
          event: { kind: 'channel', channelUrl: 'c1', reason: 'invited', userIds: ['u2'] },
        },
        { seq: 3, event: { kind: 'channel_removed', channelUrl: 'c1', reason: 'left' } },
        { seq: 4, event: { kind: 'read', channelUrl: 'c1', messageId: 7, at: 1 } },
      ],
    },
    { type: 'events', items: [] },
    { type: 'receipt', channelUrl: 'c1', userId: 'u2', kind: 'delivered', messageId: 7, at: 1 },
    { type: 'ack', reqId: 'r1', message: file },
    { type: 'ack', reqId: 'r2', message: { ...message, ogMetaData: null } },
    { type: 'nack', reqId: 'r1', status: 400, message: 'Too long', fields: { message: 'x' } },
    { type: 'nack', reqId: 'r1', status: 429, message: 'Slow down' },
    { type: 'pong', at: 1 },
    { type: 'error', code: 'token_expired', message: 'Token expired' },
  ]

  it('accepts what chatSocketServerMessageSchema accepts, and only that', () => {
    const { checked, disagreements } = agreement(
      frames,
      isChatSocketServerMessage,
      chatSocketServerMessageSchema,
    )
    expect(disagreements).toEqual([])
    expect(checked).toBeGreaterThan(1500)
  })

  it('agrees with the schema at the edges the breakages do not reach', () => {
    const at = (value: unknown) => ({ type: 'pong', at: value })
    const url = (channelUrl: string) => ({
      type: 'receipt',
      channelUrl,
      userId: 'u2',
      kind: 'read',
      messageId: 7,
      at: 1,
    })
    const event = (seq: number, payload: object) => ({
      type: 'events',
      items: [{ seq, event: payload }],
    })
    const edges: [unknown, boolean][] = [
      // A channel URL of 1 to 100 characters.
      [url('x'.repeat(100)), true],
      [url('x'.repeat(101)), false],
      [url(''), false],
      // Numbers are finite, integers safe.
      [at(Number.POSITIVE_INFINITY), false],
      [at(Number.NaN), false],
      [{ ...url('c1'), messageId: Number.MAX_SAFE_INTEGER + 1 }, false],
      [
        event(1, { kind: 'read', channelUrl: 'c1', messageId: 7, at: Number.NEGATIVE_INFINITY }),
        false,
      ],
      [event(0, { kind: 'read', channelUrl: 'c1', messageId: 7, at: 1 }), false],
      [
        event(1, { kind: 'channel', channelUrl: 'x'.repeat(101), reason: 'invited', userIds: [] }),
        false,
      ],
      [event(1, { kind: 'channel_removed', channelUrl: 'x'.repeat(101), reason: 'left' }), false],
      [event(1, { kind: 'read', channelUrl: 'x'.repeat(100), messageId: 7, at: 1 }), true],
      [event(1, { kind: 'nope', channelUrl: 'c1' }), false],
      [{ type: 'nack', reqId: 'r1', status: 400, message: 'x', fields: {} }, true],
      [{ type: 'nack', reqId: 'r1', status: 400, message: 'x', fields: { a: 'x', b: 2 } }, false],
      [{ type: 'nack', reqId: 'r1', status: 400, message: 'x', fields: ['x'] }, false],
      [{ type: 'nack', reqId: 'r1', status: 400, message: 'x', fields: undefined }, true],
      [{ type: 7 }, false],
    ]
    for (const [value, accepted] of edges) {
      const schema = chatSocketServerMessageSchema.safeParse(value).success
      expect(schema, JSON.stringify(value)).toBe(accepted)
      expect(isChatSocketServerMessage(value), JSON.stringify(value)).toBe(accepted)
    }
  })

  it('refuses a kind it does not know, and inherited names', () => {
    expect(isChatSocketServerMessage({ type: 'toString' })).toBe(false)
    expect(isChatSocketServerMessage({ type: 'events', items: [{ seq: 1, event: {} }] })).toBe(
      false,
    )
    expect(isChatSocketServerMessage(null)).toBe(false)
  })
})
