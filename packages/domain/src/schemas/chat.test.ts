import { describe, expect, it } from 'vitest'
import { chatSocketClientMessageSchema, chatSocketSendBody } from '../chat-socket.ts'
import {
  chatChannelCreateSchema,
  chatFileQuerySchema,
  chatMessageListQuerySchema,
  chatSendSchema,
  chatSessionRequestSchema,
  chatUserSearchQuerySchema,
  downloadChatsSchema,
} from './chat.ts'

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

describe('chat session request', () => {
  it('needs a user id: "user not set" (spec section 5)', () => {
    expect(messages(chatSessionRequestSchema.safeParse({}))).toEqual(['userId: user not set'])
    expect(messages(chatSessionRequestSchema.safeParse({ userId: ' ' }))).toEqual([
      'userId: user not set',
    ])
    expect(chatSessionRequestSchema.parse({ userId: 'u1' })).toEqual({ userId: 'u1' })
  })

  it('names a misspelt field', () => {
    expect(messages(chatSessionRequestSchema.safeParse({ user_id: 'u1' }))).toContain(
      ': Unknown field: user_id',
    )
  })
})

describe('chat user search', () => {
  it('reads the spec fields with page size 20', () => {
    expect(
      chatUserSearchQuerySchema.parse({ search_param: 'bha', suggested: 'true', page: '2' }),
    ).toEqual({ search_param: 'bha', page: 2, page_size: 20, suggested: true })
    expect(messages(chatUserSearchQuerySchema.safeParse({ search_param: 'bh' }))).toEqual([
      'search_param: Type at least 3 characters to search',
    ])
    expect(messages(chatUserSearchQuerySchema.safeParse({ connection_only: 'true' }))).toEqual([
      ': Unknown field: connection_only',
    ])
  })
})

describe('download-chats', () => {
  it('takes ms or ISO times and exactly one channel', () => {
    expect(
      downloadChatsSchema.parse({
        startTime: '2026-01-05T00:00:00Z',
        endTime: 1767657600000,
        channelIds: ['ch_1'],
      }),
    ).toEqual({ startTime: 1767571200000, endTime: 1767657600000, channelIds: ['ch_1'] })
    expect(
      messages(downloadChatsSchema.safeParse({ startTime: 1, endTime: 2, channelIds: ['a', 'b'] })),
    ).toEqual(['channelIds: Choose one channel'])
    expect(
      messages(downloadChatsSchema.safeParse({ startTime: 5, endTime: 2, channelIds: ['a'] })),
    ).toEqual(['endTime: End time must be after start time'])
    expect(
      messages(downloadChatsSchema.safeParse({ startTime: 'soon', endTime: 2, channelIds: ['a'] })),
    ).toEqual(['startTime: Should be a time (ms since 1970 or ISO-8601)'])
  })
})

describe('channels and messages', () => {
  it('creates with the provider parameters; the type is one of four', () => {
    expect(
      chatChannelCreateSchema.parse({ customType: 'trading group', invitedUserIds: ['b'] }),
    ).toEqual({ customType: 'trading group', invitedUserIds: ['b'] })
    expect(messages(chatChannelCreateSchema.safeParse({ customType: 'channel' }))).toEqual([
      'customType: Channel type is one of direct, group, trading group, broadcast',
    ])
  })

  it('needs text unless it is a buzz, and a reqId', () => {
    expect(chatSendSchema.parse({ reqId: 'r-1', customType: 'buzz' })).toEqual({
      reqId: 'r-1',
      message: '',
      customType: 'buzz',
    })
    expect(messages(chatSendSchema.safeParse({ reqId: 'r-1', message: '  ' }))).toEqual([
      'message: Message is required',
    ])
    expect(messages(chatSendSchema.safeParse({ message: 'hi' }))).toEqual([
      'reqId: reqId is required',
    ])
    expect(messages(chatSendSchema.safeParse({ reqId: 'r 1', message: 'x' }))).toEqual([
      'reqId: reqId is 1 to 64 letters, digits, dots, dashes or underscores',
    ])
  })

  it('reads a point in the history, not two', () => {
    expect(chatMessageListQuerySchema.parse({ ts: '100' })).toEqual({
      ts: 100,
      prev_limit: 30,
      next_limit: 0,
    })
    expect(messages(chatMessageListQuerySchema.safeParse({ ts: '1', message_id: '2' }))).toEqual([
      'message_id: Give ts or message_id, not both',
    ])
  })

  it('reads a file upload query', () => {
    expect(
      chatFileQuerySchema.parse({
        reqId: 'f1',
        fileName: ' runs.pdf ',
        mimeType: 'Application/PDF',
      }),
    ).toEqual({ reqId: 'f1', fileName: 'runs.pdf', mimeType: 'application/pdf' })
  })
})

describe('chat socket', () => {
  it('reads auth with the last sequence, and checks a send with the REST rules', () => {
    expect(
      chatSocketClientMessageSchema.parse({ type: 'auth', token: 't', last_seq: 4 }),
    ).toMatchObject({ type: 'auth', last_seq: 4 })
    const send = chatSocketClientMessageSchema.parse({
      type: 'send',
      channelUrl: 'ch_1',
      reqId: 'r1',
      message: '',
    })
    expect(send.type === 'send' && messages(chatSocketSendBody(send))).toEqual([
      'message: Message is required',
    ])
  })
})
