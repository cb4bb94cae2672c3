// WhatsApp-linked channels (decision 279) with a local fake of the Cloud API: operators link a
// group to a number, members' messages go to it (nothing stored when WhatsApp fails), Meta's GET
// handshake answers the challenge for the verify token alone, signed inbound messages are posted
// in the linked channel once each, and the channel carries is_whatsapp_linked_channel.
import { createHash, createHmac } from 'node:crypto'
import { CHAT_MESSAGES, type ChatChannel, type ChatMessage } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatWhatsappFetches } from '../../../db/chat-schema.ts'
import { startFakeServer, type FakeServer } from '../../../testing/fake-http-server.ts'
import { startChatApp, type ChatTestApp } from '../testing.ts'

const SECRET = 'meta-app-secret'
const NUMBER = '919812345678'
let fake: FakeServer
let failing = false
/** Media the fake platform holds for inbound messages, by media id. */
const media = new Map<
  string,
  { bytes: Buffer; mimeType: string; size?: number; broken?: boolean }
>()
/** While set, the fake holds media downloads until it resolves. */
let downloadGate: Promise<void> | null = null
/** How far the app's clock is ahead of the real one, ms (the fetch jobs' backoff). */
let ahead = 0
let t: ChatTestApp
let group: ChatChannel

beforeAll(async () => {
  fake = await startFakeServer(async (request) => {
    if (failing) return { status: 500, body: { error: { message: 'temporarily unavailable' } } }
    // Inbound media (decision 334): `GET /{media-id}` describes it, its url gives the bytes.
    const described = /^\/(in-[a-z]+)$/.exec(request.path)?.[1]
    const held = described ? media.get(described) : undefined
    if (request.method === 'GET' && held) {
      return held.broken
        ? { status: 404, body: { error: { message: 'media not found' } } }
        : {
            body: {
              messaging_product: 'whatsapp',
              id: described,
              url: `${fake.url}/download/${described}?token=1`,
              mime_type: held.mimeType,
              sha256: createHash('sha256').update(held.bytes).digest('base64'),
              file_size: held.size ?? held.bytes.length,
            },
          }
    }
    const download = /^\/download\/(in-[a-z]+)/.exec(request.path)?.[1]
    if (request.method === 'GET' && download && media.has(download)) {
      if (downloadGate) await downloadGate
      return { body: media.get(download)!.bytes, headers: { 'content-type': 'image/jpeg' } }
    }
    return request.path.endsWith('/media')
      ? { body: { id: 'media-7' } }
      : { body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.out' }] } }
  })
  t = await startChatApp({
    env: {
      WHATSAPP_PHONE_NUMBER_ID: '1055',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_URL: fake.url,
    },
    build: { clock: () => new Date(Date.now() + ahead) },
  })
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  group = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'group',
      name: 'Client desk',
      invitedUserIds: [t.id.broker],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${group.url}/accept/`)
})

afterAll(async () => {
  await t.close()
  await fake.close()
})

const messagesOf = async (who: string) =>
  (await t.call(who, 'GET', `/api/chat/channels/${group.url}/messages/`)).json()
    .messages as ChatMessage[]

/** A WhatsApp Business webhook's body (Cloud API shape) carrying one message from `from`. */
function webhookBody(from: string, message: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: '1055' },
              contacts: [{ wa_id: from, profile: { name: 'Ravi Treasury' } }],
              messages: [{ from, ...message }],
            },
          },
        ],
      },
    ],
  })
}

describe('linking', () => {
  it('lets an operator link a group to a number, once per number', async () => {
    const path = `/api/chat/channels/${group.url}/whatsapp/`
    const notOperator = await t.call('broker', 'PUT', path, { number: `+${NUMBER}` })
    expect(notOperator.statusCode).toBe(403)
    const badNumber = await t.call('dealer', 'PUT', path, { number: '98123' })
    expect(badNumber.statusCode).toBe(400)
    expect(badNumber.json().fields).toHaveProperty('number')
    const linked = await t.call('dealer', 'PUT', path, { number: `+${NUMBER}` })
    expect(linked.statusCode).toBe(200)
    expect(linked.json().is_whatsapp_linked_channel).toBe(true)
    expect(linked.json().whatsapp_number).toBe(`+${NUMBER}`)
    const listed = (await t.call('broker', 'GET', '/api/chat/channels/')).json()
      .channels as ChatChannel[]
    expect(listed.find((c) => c.url === group.url)?.is_whatsapp_linked_channel).toBe(true)
    // The number is the operators' to see (decision 335): the broker is a member, not one.
    expect(listed.find((c) => c.url === group.url)).not.toHaveProperty('whatsapp_number')
    const asMember = await t.call('broker', 'GET', `/api/chat/channels/${group.url}/`)
    expect(asMember.json().is_whatsapp_linked_channel).toBe(true)
    expect(asMember.json()).not.toHaveProperty('whatsapp_number')
    const asOperator = await t.call('dealer', 'GET', `/api/chat/channels/${group.url}/`)
    expect(asOperator.json().whatsapp_number).toBe(`+${NUMBER}`)
    const operatorList = (await t.call('dealer', 'GET', '/api/chat/channels/')).json()
      .channels as ChatChannel[]
    expect(operatorList.find((c) => c.url === group.url)?.whatsapp_number).toBe(`+${NUMBER}`)

    const other = (
      await t.call('dealer', 'POST', '/api/chat/channels/', {
        customType: 'group',
        invitedUserIds: [t.id.broker],
      })
    ).json()
    const taken = await t.call('dealer', 'PUT', `/api/chat/channels/${other.url}/whatsapp/`, {
      number: NUMBER,
    })
    expect(taken.json()).toMatchObject({
      message: 'This number is already linked to another channel',
    })
    const direct = (
      await t.call('dealer', 'POST', '/api/chat/channels/', {
        customType: 'direct',
        invitedUserIds: [t.id.broker],
        isDistinct: true,
      })
    ).json()
    const wrongType = await t.call('dealer', 'PUT', `/api/chat/channels/${direct.url}/whatsapp/`, {
      number: '919800000001',
    })
    expect(wrongType.statusCode).toBe(400)
    const unlinked = await t.call('dealer', 'DELETE', `/api/chat/channels/${other.url}/whatsapp/`)
    expect(unlinked.json().is_whatsapp_linked_channel).toBe(false)
  })
})

describe('outbound', () => {
  it('sends a member’s message to the number with the sender’s name', async () => {
    const before = fake.requests.length
    const sent = await t.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-1',
      message: 'Bid 7.05 for 10 cr',
    })
    expect(sent.statusCode).toBe(201)
    const request = fake.requests[before]!
    expect(request.path).toBe('/1055/messages')
    expect(request.headers.authorization).toBe('Bearer wa-token')
    expect(JSON.parse(request.body)).toMatchObject({
      messaging_product: 'whatsapp',
      to: NUMBER,
      type: 'text',
      text: { body: 'Bharat Broker: Bid 7.05 for 10 cr' },
    })
    // A retry of the same reqId is not sent twice.
    await t.call('broker', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-1',
      message: 'Bid 7.05 for 10 cr',
    })
    expect(fake.requests.length).toBe(before + 1)
  })

  it('stores nothing when WhatsApp fails', async () => {
    failing = true
    const sent = await t.call('dealer', 'POST', `/api/chat/channels/${group.url}/messages/`, {
      reqId: 'wa-out-2',
      message: 'Will it arrive?',
    })
    failing = false
    expect(sent.statusCode).toBe(502)
    expect(sent.json().message).toBe('WhatsApp could not deliver the message; try again')
    expect((await messagesOf('dealer')).some((m) => m.reqId === 'wa-out-2')).toBe(false)
  })
})

describe('files (decision 300)', () => {
  const upload = (reqId: string, fileName: string, mimeType: string, bytes: Buffer) =>
    t.raw('broker', {
      method: 'POST',
      url: `/api/chat/channels/${group.url}/files/?${new URLSearchParams({ reqId, fileName, mimeType })}`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    })
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')

  it('uploads the file to Meta, then sends it by its media id, then stores it', async () => {
    const before = fake.requests.length
    const sent = await upload('wa-file-1', 'runs.pdf', 'application/pdf', pdf)
    expect(sent.statusCode).toBe(201)
    const [media, message] = fake.requests.slice(before)
    expect(media!.path).toBe('/1055/media')
    expect(media!.headers.authorization).toBe('Bearer wa-token')
    expect(media!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(media!.body).toMatch(/name="messaging_product"\r\n\r\nwhatsapp\r\n/)
    expect(media!.body).toMatch(/name="type"\r\n\r\napplication\/pdf\r\n/)
    expect(media!.body).toContain('name="file"; filename="runs.pdf"')
    expect(media!.body).toContain('%PDF-1.7')
    expect(message!.path).toBe('/1055/messages')
    expect(JSON.parse(message!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: NUMBER,
      type: 'document',
      document: { id: 'media-7', caption: 'Bharat Broker: runs.pdf', filename: 'runs.pdf' },
    })
    // A retry of the reqId is answered from the store, not sent again.
    expect((await upload('wa-file-1', 'runs.pdf', 'application/pdf', pdf)).statusCode).toBe(200)
    expect(fake.requests.length).toBe(before + 2)
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)])
    expect((await upload('wa-file-2', 'desk.jpg', 'image/jpeg', jpeg)).statusCode).toBe(201)
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      type: 'image',
      image: { id: 'media-7', caption: 'Bharat Broker: desk.jpg' },
    })
  })

  it('refuses a type WhatsApp does not take, and stores nothing when WhatsApp fails', async () => {
    const before = fake.requests.length
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)])
    const refused = await upload('wa-file-3', 'wave.gif', 'image/gif', gif)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ file: CHAT_MESSAGES.whatsappFileType })
    expect(fake.requests.length).toBe(before)
    failing = true
    const failed = await upload('wa-file-4', 'runs.pdf', 'application/pdf', pdf)
    failing = false
    expect(failed.statusCode).toBe(502)
    const stored = (await messagesOf('broker')).map((m) => m.reqId)
    expect(stored).not.toContain('wa-file-3')
    expect(stored).not.toContain('wa-file-4')
  })

  it('tells the client that WhatsApp is configured', async () => {
    expect((await t.call('dealer', 'GET', '/api/chat/users/me/')).json().whatsapp).toBe(true)
  })
})

describe('inbound', () => {
  const hook = (raw: string, signature?: string) =>
    t.raw(null, {
      method: 'POST',
      url: '/ext/chat/whatsapp/webhook/',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
    })
  const sign = (raw: string, secret = SECRET) =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`
  const inbound = (id: string, from: string, text: string) =>
    webhookBody(from, { id, timestamp: '1764200000', type: 'text', text: { body: text } })

  it('answers Meta’s handshake for the verify token alone', async () => {
    const ask = (token: string) =>
      t.call(
        null,
        'GET',
        `/ext/chat/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      )
    const ok = await ask('verify-me')
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect((await ask('guess')).statusCode).toBe(400)
  })

  it('posts signed messages from a linked number in its channel, once each', async () => {
    const raw = inbound('wamid.in.1', NUMBER, 'Need 25 cr 7.26 GS 2032, offer?')
    expect((await hook(raw)).statusCode).toBe(401)
    expect((await hook(raw, sign(raw, 'other-secret'))).statusCode).toBe(401)
    expect((await hook(raw, sign(raw))).json()).toEqual({ stored: 1, ignored: 0 })
    expect((await hook(raw, sign(raw))).json()).toEqual({ stored: 0, ignored: 1 })
    const stranger = inbound('wamid.in.2', '919800000009', 'hello?')
    expect((await hook(stranger, sign(stranger))).json()).toEqual({ stored: 0, ignored: 1 })
    const seen = (await messagesOf('broker')).filter((m) => m.customType === 'whatsapp')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ message: 'Need 25 cr 7.26 GS 2032, offer?', sender: null })
    expect(JSON.parse(seen[0]!.data)).toMatchObject({ from: NUMBER, name: 'Ravi Treasury' })
  })
})

describe('inbound media (decisions 334, 362)', () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)])
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')
  const sign = (raw: string) => `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`
  /** The webhook's answer; the fetch jobs it woke are done when it resolves unless `wait` is false. */
  const send = async (
    id: string,
    type: string,
    object: Record<string, string>,
    { wait = true } = {},
  ) => {
    const raw = webhookBody(NUMBER, { id, timestamp: '1764200100', type, [type]: object })
    const answer = await t.raw(null, {
      method: 'POST',
      url: '/ext/chat/whatsapp/webhook/',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
    })
    expect(answer.statusCode).toBe(200)
    if (wait) await t.app.chatWhatsappMedia.idle()
    return answer.json() as { stored: number; ignored: number }
  }
  const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64')
  const job = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(chatWhatsappFetches)
        .where(eq(chatWhatsappFetches.messageId, id))
    )[0]
  const byReqId = async (reqId: string) =>
    (await messagesOf('broker')).find((m) => m.reqId === reqId)

  it('fetches an image through the platform, stores it and posts it as a file, with its caption', async () => {
    media.set('in-jpeg', { bytes: jpeg, mimeType: 'image/jpeg' })
    const before = fake.requests.length
    expect(
      await send('wamid.media.1', 'image', {
        id: 'in-jpeg',
        mime_type: 'image/jpeg',
        sha256: sha(jpeg),
        caption: 'Our bid sheet',
      }),
    ).toEqual({ stored: 1, ignored: 0 })
    const [describe, download] = fake.requests.slice(before)
    expect(describe).toMatchObject({ method: 'GET', path: '/in-jpeg' })
    expect(describe!.headers.authorization).toBe('Bearer wa-token')
    expect(download).toMatchObject({ method: 'GET', path: '/download/in-jpeg?token=1' })
    expect(download!.headers.authorization).toBe('Bearer wa-token')
    const file = await byReqId('wa:wamid.media.1')
    expect(file).toMatchObject({
      messageType: 'file',
      customType: 'whatsapp',
      sender: null,
      type: 'image/jpeg',
      size: jpeg.length,
    })
    expect(JSON.parse(file!.data)).toMatchObject({ from: NUMBER, name: 'Ravi Treasury' })
    expect(await byReqId('wa:wamid.media.1:caption')).toMatchObject({
      messageType: 'user',
      message: 'Our bid sheet',
    })
    // The members read the stored bytes through the chat's file route.
    const served = await t.raw('broker', {
      method: 'GET',
      url: new URL(file!.url!, 'http://x').pathname,
    })
    expect(served.statusCode).toBe(200)
    expect(Buffer.from(served.rawPayload).equals(jpeg)).toBe(true)
    // Meta sending it again: posted once, nothing fetched again.
    const after = fake.requests.length
    expect(
      await send('wamid.media.1', 'image', { id: 'in-jpeg', caption: 'Our bid sheet' }),
    ).toEqual({ stored: 0, ignored: 1 })
    expect(fake.requests.length).toBe(after)
  })

  it('keeps a document’s file name', async () => {
    media.set('in-pdf', { bytes: pdf, mimeType: 'application/pdf' })
    await send('wamid.media.2', 'document', { id: 'in-pdf', filename: 'offer.pdf' })
    expect(await byReqId('wa:wamid.media.2')).toMatchObject({
      messageType: 'file',
      name: 'offer.pdf',
      type: 'application/pdf',
    })
  })

  it('says so in an admin message when the media breaks the limits or cannot be fetched', async () => {
    media.set('in-ogg', { bytes: Buffer.from('OggS....'), mimeType: 'audio/ogg; codecs=opus' })
    media.set('in-fake', { bytes: Buffer.from('not a jpeg'), mimeType: 'image/jpeg' })
    media.set('in-huge', { bytes: jpeg, mimeType: 'video/mp4', size: 200 * 1024 * 1024 })
    media.set('in-gone', { bytes: jpeg, mimeType: 'image/jpeg', broken: true })
    expect(await send('wamid.media.3', 'audio', { id: 'in-ogg' })).toEqual({
      stored: 1,
      ignored: 0,
    })
    await send('wamid.media.4', 'image', { id: 'in-fake' })
    const before = fake.requests.length
    await send('wamid.media.5', 'video', { id: 'in-huge' })
    // Too large by Meta's description: the bytes are never downloaded.
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/in-huge'])
    await send('wamid.media.6', 'image', { id: 'in-gone' })
    const said = async (id: string) => {
      const message = await byReqId(`wa:${id}`)
      expect(message?.messageType).toBe('admin')
      return message!.message
    }
    expect(await said('wamid.media.3')).toBe(
      `Ravi Treasury sent an audio message on WhatsApp that cannot be shown here: ${CHAT_MESSAGES.fileType}`,
    )
    expect(await said('wamid.media.4')).toBe(
      `Ravi Treasury sent an image on WhatsApp that cannot be shown here: ${CHAT_MESSAGES.fileContent}`,
    )
    expect(await said('wamid.media.5')).toBe(
      `Ravi Treasury sent a video on WhatsApp that cannot be shown here: ${CHAT_MESSAGES.fileTooLarge}`,
    )
    expect(await said('wamid.media.6')).toBe(
      'Ravi Treasury sent an image on WhatsApp that could not be fetched; ask them to send it again',
    )
    // Recorded once: Meta's retry posts nothing more.
    expect(await send('wamid.media.6', 'image', { id: 'in-gone' })).toEqual({
      stored: 0,
      ignored: 1,
    })
  })

  it('answers once the media is recorded and fetches it afterwards, once', async () => {
    media.set('in-slow', { bytes: pdf, mimeType: 'application/pdf' })
    let release = () => undefined as void
    downloadGate = new Promise<void>((resolve) => (release = resolve))
    const object = { id: 'in-slow', sha256: sha(pdf), filename: 'slow.pdf' }
    // The download is held: the webhook still answers, with the job recorded and nothing posted.
    expect(await send('wamid.media.7', 'document', object, { wait: false })).toEqual({
      stored: 1,
      ignored: 0,
    })
    expect(await job('wamid.media.7')).toMatchObject({ mediaId: 'in-slow', channelUrl: group.url })
    expect(await byReqId('wa:wamid.media.7')).toBeUndefined()
    // Meta retrying while the job waits records nothing more.
    expect(await send('wamid.media.7', 'document', object, { wait: false })).toEqual({
      stored: 0,
      ignored: 1,
    })
    release()
    downloadGate = null
    await t.app.chatWhatsappMedia.idle()
    expect(await byReqId('wa:wamid.media.7')).toMatchObject({
      messageType: 'file',
      name: 'slow.pdf',
    })
    expect(await job('wamid.media.7')).toBeUndefined()
  })

  it('retries bytes that do not match the sha256 with backoff, then says they could not be fetched', async () => {
    media.set('in-bent', { bytes: pdf, mimeType: 'application/pdf' })
    const downloads = () => fake.requests.filter((r) => r.path === '/download/in-bent?token=1')
    await send('wamid.media.8', 'document', { id: 'in-bent', sha256: sha('other bytes') })
    expect(await job('wamid.media.8')).toMatchObject({ attempts: 1 })
    // Not due yet: nothing is fetched again.
    t.app.chatWhatsappMedia.wake()
    await t.app.chatWhatsappMedia.idle()
    expect(downloads()).toHaveLength(1)
    for (const wait of [10_000, 60_000, 300_000, 1_800_000]) {
      ahead += wait
      t.app.chatWhatsappMedia.wake()
      await t.app.chatWhatsappMedia.idle()
    }
    expect(downloads()).toHaveLength(5)
    expect(await job('wamid.media.8')).toBeUndefined()
    const notice = await byReqId('wa:wamid.media.8')
    expect(notice).toMatchObject({
      messageType: 'admin',
      message:
        'Ravi Treasury sent a document on WhatsApp that could not be fetched; ask them to send it again',
    })
  })

  it('takes up a job an instance left when it stopped mid-fetch', async () => {
    media.set('in-left', { bytes: pdf, mimeType: 'application/pdf' })
    await t.database.db.insert(chatWhatsappFetches).values({
      messageId: 'wamid.media.9',
      channelUrl: group.url,
      from: NUMBER,
      name: 'Ravi Treasury',
      kind: 'document',
      mediaId: 'in-left',
      sha256: sha(pdf),
      attempts: 1,
      // Its claim ran out: due again.
      nextAt: new Date(Date.now() + ahead - 1_000),
    })
    t.app.chatWhatsappMedia.wake()
    await t.app.chatWhatsappMedia.idle()
    expect(await byReqId('wa:wamid.media.9')).toMatchObject({ messageType: 'file' })
  })
})
