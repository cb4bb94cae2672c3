import { describe, expect, it } from 'vitest'
import { readSse, sseReader } from './sse.ts'

describe('the server-sent event reader', () => {
  it('returns events as their frames complete, across chunk boundaries', () => {
    const read = sseReader()
    expect(read('event: progress\ndata: {"step":')).toEqual([])
    expect(
      read('"a"}\n\nevent: text\r\ndata: {"delta":"b"}\r\n\r\n: a comment\n\ndata: x\ndata: y\n'),
    ).toEqual([
      { event: 'progress', data: '{"step":"a"}' },
      { event: 'text', data: '{"delta":"b"}' },
    ])
    expect(read('\n')).toEqual([{ event: 'message', data: 'x\ny' }])
  })

  it('reads a byte stream split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('event: text\ndata: {"delta":"₹ per 100"}\n\n')
    const cut = bytes.indexOf(0xe2) + 1
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut))
        controller.enqueue(bytes.slice(cut))
        controller.close()
      },
    })
    const events: unknown[] = []
    await readSse(body, (e) => events.push(e))
    expect(events).toEqual([{ event: 'text', data: '{"delta":"₹ per 100"}' }])
  })
})
