// Stream frames written straight to a socket's TCP stream, framed once for all the sockets that get
// them (decision 354): the fan-out writes the same frame to up to thousands of sockets a pass, and
// `ws`'s `send` built a header, corked, wrote twice and uncorked for each of them. Control messages
// (auth_ok, pong) still go through `send`; both write to the same stream at once, so order holds.
import type { Writable } from 'node:stream'
import * as ws from 'ws'
import type WebSocket from 'ws'

/** `ws`'s frame builder (exported by `ws` as `Sender`, not in its type definitions). */
interface SenderStatic {
  frame(
    data: Buffer,
    options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
  ): Buffer[]
}
const { Sender } = ws as unknown as { Sender: SenderStatic }

/** A text frame, final, unmasked (a server's), uncompressed. */
const TEXT = { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }

const framed = new WeakMap<Buffer, Buffer>()

/** The whole text frame carrying `payload`, built once per payload (one buffer: one write). */
export function textFrame(payload: Buffer): Buffer {
  let frame = framed.get(payload)
  if (!frame) {
    frame = Buffer.concat(Sender.frame(payload, TEXT))
    framed.set(payload, frame)
  }
  return frame
}

/** Writes one stream frame (its JSON payload) to a socket. */
export type FrameWriter = (payload: Buffer) => void

/**
 * The writer of a socket's stream frames: straight to its TCP stream when no extension
 * (permessage-deflate, off on this server) sits between, else through `send`.
 */
export function frameWriter(socket: WebSocket): FrameWriter {
  const tcp = (socket as unknown as { _socket?: Writable })._socket
  if (socket.extensions !== '' || !tcp) return (payload) => socket.send(payload, { binary: false })
  return (payload) => void tcp.write(textFrame(payload))
}
