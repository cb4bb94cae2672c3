// A stand-in for the trade socket's server side in unit and component tests: every socket the
// client opens is a peer the test accepts, feeds frames to, closes, or fails.
import type { SocketLike } from '../socket/trade-socket.ts'

/** One socket the client opened. */
export interface FakeSocketPeer {
  url: string
  /** Messages the client sent, parsed. */
  sent: unknown[]
  /** Whether the client (or the test) closed it. */
  closed: boolean
  /** The connection opens. */
  accept(): void
  /** The server sends a frame (an object is sent as JSON, a string as it is). */
  receive(frame: unknown): void
  /** The server closes the connection with a code. */
  closeFromServer(code?: number): void
  /** The connection fails (an error, then closed). */
  fail(): void
}

/** The fake server: `open` is what the socket client calls to connect. */
export interface FakeSocketServer {
  open: (url: string) => SocketLike
  peers: FakeSocketPeer[]
  /** The socket opened last. */
  last(): FakeSocketPeer
}

/** A fake trade-socket server. */
export function createFakeSocketServer(): FakeSocketServer {
  const peers: FakeSocketPeer[] = []
  const open = (url: string): SocketLike => {
    const socket: SocketLike & { readyState: number } = {
      readyState: 0,
      send(data: string) {
        if (socket.readyState !== 1) throw new Error('send on a socket that is not open')
        peer.sent.push(JSON.parse(data))
      },
      close() {
        socket.readyState = 3
        peer.closed = true
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    }
    const peer: FakeSocketPeer = {
      url,
      sent: [],
      closed: false,
      accept() {
        socket.readyState = 1
        socket.onopen?.({})
      },
      receive(frame) {
        socket.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) })
      },
      closeFromServer(code = 1000) {
        socket.readyState = 3
        peer.closed = true
        socket.onclose?.({ code })
      },
      fail() {
        socket.onerror?.({})
        socket.readyState = 3
        peer.closed = true
        socket.onclose?.({ code: 1006 })
      },
    }
    peers.push(peer)
    return socket
  }
  return {
    open,
    peers,
    last() {
      const peer = peers.at(-1)
      if (!peer) throw new Error('no socket was opened')
      return peer
    },
  }
}
