import { describe, expect, it } from 'vitest'
import { socketFrameMessages, type SocketServerFrame } from './socket-constants.ts'
import { socketBatchMessageSchema, socketServerFrameSchema } from './socket-messages.ts'

const quote = { type: 'quotes_stream', data: { finstrument_id: 'IN0020210244' } } as const
const refresh = { type: 'refresh', target: 'tickets' } as const

describe('server frames', () => {
  it('are one message or a batch of messages, in order', () => {
    const batch = { type: 'batch', messages: [quote, refresh] }
    expect(socketServerFrameSchema.parse(quote)).toEqual(quote)
    expect(socketServerFrameSchema.parse(batch)).toEqual(batch)
    expect(socketFrameMessages(socketServerFrameSchema.parse(batch))).toEqual([quote, refresh])
    expect(socketFrameMessages(quote)).toEqual([quote])
  })

  it('refuse an empty batch, a nested batch and unknown messages inside one', () => {
    expect(socketBatchMessageSchema.safeParse({ type: 'batch', messages: [] }).success).toBe(false)
    const nested: unknown = { type: 'batch', messages: [{ type: 'batch', messages: [quote] }] }
    expect(socketServerFrameSchema.safeParse(nested).success).toBe(false)
    const unknown = { type: 'batch', messages: [quote, { type: 'nope' }] }
    expect(socketServerFrameSchema.safeParse(unknown).success).toBe(false)
  })

  it('type a batch so a client can narrow on it', () => {
    const frame: SocketServerFrame = { type: 'batch', messages: [quote] }
    if (frame.type === 'batch') expect(frame.messages).toHaveLength(1)
  })
})
