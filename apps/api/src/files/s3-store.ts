// The file store on S3-compatible storage (AWS S3, MinIO, Ceph, R2…), path-style, SigV4-signed by
// hand (decision 277). Same keys and contract as the local store; configured by S3_* variables.
import { amzDate, authorization, sha256Hex, uriEncode } from './sigv4.ts'
import type { FileStore } from './store.ts'

/** Where and as whom. */
export interface S3StoreConfig {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/
const TIMEOUT_MS = 30_000

/** A file store in an S3-compatible bucket. */
export function s3FileStore(
  config: S3StoreConfig,
  {
    fetchImpl = fetch,
    now = () => new Date(),
  }: { fetchImpl?: typeof fetch; now?: () => Date } = {},
): FileStore {
  const base = config.endpoint.replace(/\/+$/, '')
  const send = async (method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Uint8Array) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid file key "${key}"`)
    const url = new URL(`${base}/${uriEncode(config.bucket, false)}/${uriEncode(key, true)}`)
    const payloadHash = sha256Hex(body ?? new Uint8Array())
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
    }
    if (body) headers['content-type'] = 'application/octet-stream'
    const signed = authorization(
      { method, url, headers, payloadHash },
      { ...config, service: 's3' },
    )
    const { host: _host, ...sent } = headers
    return fetchImpl(url, {
      method,
      headers: { ...sent, authorization: signed },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  }
  const fail = async (what: string, response: Response) => {
    const text = await response.text().catch(() => '')
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText
    return new Error(`S3 ${what} failed: ${response.status} ${code}`)
  }
  return {
    async put(key, bytes) {
      const response = await send('PUT', key, bytes)
      if (!response.ok) throw await fail('put', response)
      await response.arrayBuffer()
    },
    async get(key) {
      const response = await send('GET', key)
      if (response.status === 404) {
        await response.arrayBuffer()
        return null
      }
      if (!response.ok) throw await fail('get', response)
      return Buffer.from(await response.arrayBuffer())
    },
    async remove(key) {
      const response = await send('DELETE', key)
      if (!response.ok && response.status !== 404) throw await fail('remove', response)
      await response.arrayBuffer()
    },
  }
}
