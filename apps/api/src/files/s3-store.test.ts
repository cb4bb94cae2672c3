// The S3-compatible file store against a local fake bucket (decision 277): it checks each request's
// SigV4 header the way S3 does (recomputed from what arrived, with the secret only the two sides
// know), stores objects in memory and answers S3's status codes. The signing itself is proved by
// AWS's vectors in sigv4.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../testing/fake-http-server.ts'
import { s3FileStore } from './s3-store.ts'
import { authorization } from './sigv4.ts'

const CONFIG = {
  region: 'ap-south-1',
  bucket: 'bonds-files',
  accessKeyId: 'AKIDTEST',
  secretAccessKey: 'secret/test+key',
}
const objects = new Map<string, string>()
let fake: FakeServer

beforeAll(async () => {
  fake = await startFakeServer(({ method, path, headers, body }) => {
    const url = new URL(path, `http://${headers.host}`)
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(String(headers.authorization))?.[1] ?? ''
    const expected = authorization(
      {
        method,
        url,
        headers: Object.fromEntries(
          signedHeaders.split(';').map((name) => [name, String(headers[name] ?? '')]),
        ),
        payloadHash: String(headers['x-amz-content-sha256']),
      },
      { ...CONFIG, service: 's3' },
    )
    if (headers.authorization !== expected || !signedHeaders.includes('host')) {
      return { status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' }
    }
    const key = decodeURIComponent(url.pathname)
    if (!key.startsWith(`/${CONFIG.bucket}/`))
      return { status: 404, body: '<Error><Code>NoSuchBucket</Code></Error>' }
    if (method === 'PUT') {
      objects.set(key, body)
      return { status: 200, body: '' }
    }
    if (method === 'DELETE') {
      objects.delete(key)
      return { status: 204, body: '' }
    }
    const stored = objects.get(key)
    return stored === undefined
      ? { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' }
      : { status: 200, body: stored, headers: { 'content-type': 'application/octet-stream' } }
  })
})

afterAll(async () => fake.close())

describe('the S3-compatible file store', () => {
  it('puts, gets and removes under the bucket, signed', async () => {
    const store = s3FileStore({ ...CONFIG, endpoint: fake.url })
    await store.put('chat/ch_1/runs sheet.csv'.replace(' ', '-'), Buffer.from('ISIN,Yield\n'))
    expect((await store.get('chat/ch_1/runs-sheet.csv'))?.toString()).toBe('ISIN,Yield\n')
    expect(objects.has('/bonds-files/chat/ch_1/runs-sheet.csv')).toBe(true)
    expect(await store.get('chat/ch_1/missing.csv')).toBeNull()
    await store.remove('chat/ch_1/runs-sheet.csv')
    await store.remove('chat/ch_1/runs-sheet.csv')
    expect(await store.get('chat/ch_1/runs-sheet.csv')).toBeNull()
  })

  it('fails loudly with a wrong secret, and refuses keys outside the store', async () => {
    const wrong = s3FileStore({ ...CONFIG, secretAccessKey: 'other', endpoint: fake.url })
    await expect(wrong.put('chat/x.txt', Buffer.from('x'))).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    )
    const store = s3FileStore({ ...CONFIG, endpoint: fake.url })
    await expect(store.get('../etc/passwd')).rejects.toThrow(/invalid file key/)
    await expect(store.put('/abs', Buffer.from('x'))).rejects.toThrow(/invalid file key/)
  })
})

describe('chat files with S3_* set', () => {
  it('go to the bucket and come back from it', async () => {
    const { startChatApp } = await import('../modules/chat/testing.ts')
    const t = await startChatApp({
      env: {
        S3_ENDPOINT: fake.url,
        S3_REGION: CONFIG.region,
        S3_BUCKET: CONFIG.bucket,
        S3_ACCESS_KEY_ID: CONFIG.accessKeyId,
        S3_SECRET_ACCESS_KEY: CONFIG.secretAccessKey,
      },
    })
    try {
      for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
      const channel = (
        await t.call('dealer', 'POST', '/api/chat/channels/', {
          customType: 'direct',
          invitedUserIds: [t.id.broker],
          isDistinct: true,
        })
      ).json()
      const before = objects.size
      const sent = await t.raw('dealer', {
        method: 'POST',
        url: `/api/chat/channels/${channel.url}/files/?reqId=s3-1&fileName=runs.csv&mimeType=text/csv`,
        payload: Buffer.from('ISIN,Yield\nIN0020220011,7.04\n'),
        headers: { 'content-type': 'application/octet-stream' },
      })
      expect(sent.statusCode).toBe(201)
      expect(objects.size).toBe(before + 1)
      const file = await t.call('dealer', 'GET', sent.json().url)
      expect(file.statusCode).toBe(200)
      expect(file.body).toBe('ISIN,Yield\nIN0020220011,7.04\n')
    } finally {
      await t.close()
    }
  })
})
