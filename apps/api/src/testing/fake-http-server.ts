// A local HTTP server standing in for an outside service in tests: it records each request and
// answers with what the test's handler returns. Never the network.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake received. */
export interface FakeRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** What the fake answers. */
export interface FakeAnswer {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

/** A started fake server. */
export interface FakeServer {
  url: string
  requests: FakeRequest[]
  close: () => Promise<void>
}

/** Start a fake on a free port of 127.0.0.1. */
export async function startFakeServer(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      void Promise.resolve(handle(request)).then((answer) => {
        const body =
          typeof answer.body === 'string' || Buffer.isBuffer(answer.body)
            ? answer.body
            : JSON.stringify(answer.body ?? {})
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          ...answer.headers,
        })
        res.end(body)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
