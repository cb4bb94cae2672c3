// Frames built once for many sockets read back as `ws` clients read them, at every length form.
import { describe, expect, it } from 'vitest'
import * as ws from 'ws'
import { textFrame } from './wire.ts'

interface ReceiverStatic {
  new (options: { isServer: boolean; skipUTF8Validation?: boolean }): NodeJS.WritableStream & {
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void
  }
}
const { Receiver } = ws as unknown as { Receiver: ReceiverStatic }

/** What a client's receiver reads from bytes on the wire. */
function read(bytes: Buffer): Promise<{ text: string; isBinary: boolean }[]> {
  const receiver = new Receiver({ isServer: false })
  const messages: { text: string; isBinary: boolean }[] = []
  receiver.on('message', (data, isBinary) => messages.push({ text: String(data), isBinary }))
  return new Promise((resolve) => receiver.write(bytes, () => resolve(messages)))
}

describe('textFrame', () => {
  it('frames a payload of each length form (7-bit, 16-bit, 64-bit) as one text frame', async () => {
    for (const length of [0, 1, 125, 126, 65_535, 65_536, 200_000]) {
      const payload = Buffer.from(`"${'x'.repeat(Math.max(0, length - 2))}"`.slice(0, length))
      expect(await read(textFrame(payload))).toEqual([
        { text: payload.toString(), isBinary: false },
      ])
    }
  })

  it('builds a payload frame once, and frames in a row read back in order', async () => {
    const a = Buffer.from('{"type":"quotes_eoi","n":1}')
    const b = Buffer.from('{"type":"quotes_eoi","n":2}')
    expect(textFrame(a)).toBe(textFrame(a))
    const wire = Buffer.concat([textFrame(a), textFrame(b), textFrame(a)])
    expect((await read(wire)).map((m) => m.text)).toEqual([String(a), String(b), String(a)])
  })
})
