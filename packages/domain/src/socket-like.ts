// The shape both clients' sockets (the trade socket of `@bonds/api-client`, the chat socket of
// `@bonds/chat-core`) take: the browser's WebSocket, `ws` in Node, or a fake in tests. One type, so
// one fake serves both.

/** The browser's WebSocket, or a stand-in with its shape. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  onerror: ((event: unknown) => void) | null
}
