import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalyst, openAiPlanner } from './index.ts'
import { TODAY, UNIVERSE } from './testing/universe.ts'

/** A fake chat-completions server: answers each request with the next scripted reply. */
let server: Server
let baseUrl = ''
const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = []
let replies: { status: number; body: unknown }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let data = ''
    request.on('data', (chunk: Buffer) => (data += chunk.toString()))
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(data) as Record<string, unknown> })
      const reply = replies.shift() ?? { status: 500, body: { error: 'no reply scripted' } }
      response.writeHead(reply.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const toolCall = (name: string, args: unknown) => ({
  status: 200,
  body: {
    choices: [
      {
        message: {
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } },
          ],
        },
      },
    ],
  },
})

describe('the OpenAI-compatible planner', () => {
  const planner = openAiPlanner({
    baseUrl,
    apiKey: 'test-key',
    model: 'local-model',
    timeoutMs: 5000,
  })
  const analyst = () =>
    createAnalyst(
      { bonds: UNIVERSE, today: TODAY },
      openAiPlanner({ baseUrl, apiKey: 'test-key', model: 'local-model' }),
    )

  it('sends the question, the tools and the key; the tool it calls computes the answer', async () => {
    received.length = 0
    replies = [
      toolCall('price_bond', {
        bond: '6.54 GS 2032',
        want: 'yield',
        clean_price: 101.1,
        settlement_date: '2026-11-24',
      }),
    ]
    const viaModel = await analyst().ask('ytm on the 2032 gilt at 101.10 for the 24th?')
    const builtIn = await createAnalyst({ bonds: UNIVERSE, today: TODAY }).ask(
      'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026',
    )
    expect(viaModel.result).toEqual(builtIn.result)
    expect(viaModel.text).toBe(builtIn.text)
    const [request] = received
    expect(request?.headers.authorization).toBe('Bearer test-key')
    expect(request?.body.model).toBe('local-model')
    const tools = request?.body.tools as {
      function: { name: string; parameters: { type: string } }
    }[]
    expect(tools.map((t) => t.function.name)).toContain('count_bonds')
    expect(tools.every((t) => t.function.parameters.type === 'object')).toBe(true)
    expect(JSON.stringify(request?.body.messages)).toContain('ytm on the 2032 gilt')
    expect(planner.name).toBe('openai:local-model')
  })

  it("feeds a tool's refusal of bad arguments back to the model, which may call again", async () => {
    received.length = 0
    replies = [
      toolCall('count_bonds', { screen: { colour: 'blue' } }),
      toolCall('count_bonds', {
        screen: { types: ['SDL'], state: 'Maharashtra', maturityFrom: '2031-01-01' },
      }),
    ]
    const answer = await analyst().ask('how many maha sdls after 2030')
    expect(received).toHaveLength(2)
    expect(JSON.stringify(received[1]?.body.messages)).toContain('colour')
    const builtIn = await createAnalyst({ bonds: UNIVERSE, today: TODAY }).ask(
      'how many Maharashtra SDLs mature after 2030',
    )
    expect(answer.result).toEqual(builtIn.result)
  })

  it('declines when the model calls no tool (its own words are never the answer)', async () => {
    replies = [{ status: 200, body: { choices: [{ message: { content: 'The yield is 6.5%.' } }] } }]
    const answer = await analyst().ask('ytm on 6.54 GS 2032 at 101')
    expect(answer.result.kind).toBe('declined')
    expect(answer.text).not.toContain('6.5%')
  })

  it('fails loudly when the endpoint fails', async () => {
    replies = [{ status: 503, body: { error: 'down' } }]
    await expect(analyst().ask('anything')).rejects.toThrow('503')
  })
})
