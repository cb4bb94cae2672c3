// Server-sent events read from a byte stream: frames end at a blank line; each frame's `event:`
// names it (`message` when absent) and its `data:` lines, joined by newlines, are its data.

/** One event of the stream. */
export interface SseEvent {
  event: string
  data: string
}

/** A reader fed chunks of text; returns the events the chunks completed. */
export function sseReader(): (chunk: string) => SseEvent[] {
  let buffer = ''
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n')
    const events: SseEvent[] = []
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') })
      end = buffer.indexOf('\n\n')
    }
    return events
  }
}

/** Read a response body as server-sent events, each handed to `onEvent` as it completes. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const decoder = new TextDecoder()
  const read = sseReader()
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
    for (const event of read(text)) onEvent(event)
    if (done) return
  }
}
