// The WebSocket server every socket route shares (the trade socket, the chat socket): registered
// once, because each registration would answer every upgrade. Frames up to 64 KiB reach a route;
// each socket route keeps its own smaller limit. On shutdown every client is told the server is
// going away (1001), so it reconnects to another instance.
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'

/** Largest frame any socket route accepts; routes refuse smaller ones themselves. */
export const WEBSOCKET_MAX_PAYLOAD = 64 * 1024

/** Close code of a server going away. */
const GOING_AWAY = 1001

/** Register the shared WebSocket server on the root instance. */
export async function registerWebsockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: WEBSOCKET_MAX_PAYLOAD },
    preClose(done) {
      for (const client of this.websocketServer.clients) {
        client.close(GOING_AWAY, 'server shutting down')
      }
      done()
    },
  })
}
