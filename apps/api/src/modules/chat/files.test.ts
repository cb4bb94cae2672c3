// Files in chat on the real app: the type whitelist, the size limit, a look at the first bytes,
// the bytes on disk under DATA_DIR, who may fetch them, and the headers they are served with.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { CHAT_FILE_MAX_BYTES, type ChatChannel, type ChatMessage } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp
let desk: ChatChannel

const PNG = Buffer.concat([
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  Buffer.from('IHDR-not-really-an-image'),
])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n')

beforeAll(async () => {
  t = await startChatApp()
  for (const who of ['dealer', 'broker', 'backoffice']) await t.acceptTerms(who)
  desk = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'trading group',
      invitedUserIds: [t.id.broker],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${desk.url}/accept/`)
})

afterAll(async () => t.close())

function upload(
  who: string,
  query: Record<string, string>,
  body: Buffer,
  type = 'application/octet-stream',
) {
  return t.raw(who, {
    method: 'POST',
    url: `/api/chat/channels/${desk.url}/files/?${new URLSearchParams(query)}`,
    payload: body,
    headers: { 'content-type': type },
  })
}

describe('sending a file', () => {
  let image: ChatMessage

  it('stores a whitelisted file and posts a file message', async () => {
    const response = await upload(
      'broker',
      { reqId: 'f1', fileName: 'runs chart.png', mimeType: 'image/png' },
      PNG,
    )
    expect(response.statusCode, response.body).toBe(201)
    image = response.json()
    expect(image).toMatchObject({
      messageType: 'file',
      type: 'image/png',
      name: 'runs chart.png',
      size: PNG.length,
      url: expect.stringMatching(/^\/api\/chat\/files\/[0-9a-f-]{36}\/$/),
      sender: { userId: t.id.broker },
    })
    const stored = readdirSync(join(t.dataDir, 'files', 'chat', desk.url))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatch(/\.png$/)
    const again = await upload(
      'broker',
      { reqId: 'f1', fileName: 'runs chart.png', mimeType: 'image/png' },
      PNG,
    )
    expect(again.statusCode).toBe(200)
    expect(again.json().messageId).toBe(image.messageId)
    expect(readdirSync(join(t.dataDir, 'files', 'chat', desk.url))).toHaveLength(1)
  })

  it('serves it to members with safe headers; images inline, documents as attachments', async () => {
    const response = await t.raw('dealer', { method: 'GET', url: image.url! })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(PNG)).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `inline; filename="runs chart.png"; filename*=UTF-8''runs%20chart.png`,
    })
    const pdf = (
      await upload(
        'dealer',
        { reqId: 'f2', fileName: 'IM "final".pdf', mimeType: 'application/pdf' },
        PDF,
      )
    ).json<ChatMessage>()
    const served = await t.raw('compliance', { method: 'GET', url: pdf.url! })
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="IM _final_.pdf"/)
  })

  it('keeps the file from those who cannot read the channel', async () => {
    expect((await t.raw('backoffice', { method: 'GET', url: image.url! })).statusCode).toBe(404)
    expect(
      (await t.raw('dealer', { method: 'GET', url: '/api/chat/files/not-a-file/' })).statusCode,
    ).toBe(404)
    expect((await t.raw('researcher', { method: 'GET', url: image.url! })).statusCode).toBe(403)
  })
})

describe('refused files', () => {
  it('answers the field and the message for a bad type, a lying file, an empty one', async () => {
    const cases: [Record<string, string>, Buffer, number, Record<string, string>][] = [
      [
        { mimeType: 'text/html' },
        Buffer.from('<script>'),
        400,
        { mimeType: 'This file type cannot be sent' },
      ],
      [
        { mimeType: 'image/svg+xml' },
        Buffer.from('<svg/>'),
        400,
        { mimeType: 'This file type cannot be sent' },
      ],
      [
        { mimeType: 'image/png' },
        Buffer.from('<html>not a png'),
        400,
        { file: 'The file does not match its type' },
      ],
      [{ mimeType: 'application/pdf' }, Buffer.alloc(0), 400, { file: 'The file is empty' }],
    ]
    for (const [i, [query, body, status, fields]] of cases.entries()) {
      const response = await upload('dealer', { reqId: `bad-${i}`, fileName: 'x', ...query }, body)
      expect(response.statusCode, JSON.stringify(query)).toBe(status)
      expect(response.json().fields).toEqual(fields)
    }
    expect(existsSync(join(t.dataDir, 'files', 'chat', desk.url))).toBe(true)
    expect(readdirSync(join(t.dataDir, 'files', 'chat', desk.url))).toHaveLength(2)
  })

  it('refuses a file over the limit with 413 and its message', async () => {
    const big = Buffer.alloc(CHAT_FILE_MAX_BYTES + 1, 0x20)
    const response = await upload(
      'dealer',
      { reqId: 'big', fileName: 'big.txt', mimeType: 'text/plain' },
      big,
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ message: 'The file is larger than 25 MB' })
    const atLimit = Buffer.alloc(CHAT_FILE_MAX_BYTES, 0x20)
    const ok = await upload(
      'dealer',
      { reqId: 'limit', fileName: 'limit.txt', mimeType: 'text/plain' },
      atLimit,
    )
    expect(ok.statusCode).toBe(201)
  })

  it('wants the raw bytes, its name and its type', async () => {
    const json = await t.call(
      'dealer',
      'POST',
      `/api/chat/channels/${desk.url}/files/?reqId=j&fileName=a&mimeType=text/plain`,
      {
        file: 'aGVsbG8=',
      },
    )
    expect(json.statusCode).toBe(415)
    const missing = await upload(
      'dealer',
      { reqId: 'n1', mimeType: 'text/plain' },
      Buffer.from('hi'),
    )
    expect(missing.json().fields).toEqual({ fileName: 'File name is 1 to 200 characters' })
    const stranger = await upload(
      'backoffice',
      { reqId: 's1', fileName: 'a.txt', mimeType: 'text/plain' },
      Buffer.from('hi'),
    )
    expect(stranger.statusCode).toBe(404)
  })
})
