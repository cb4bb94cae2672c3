// The chat provider contract of `@bonds/chat-core` (issue 20) with its local provider against this
// server: the real app on PGlite, REST through fetch on the listening port, the chat socket through
// `ws`. It sits here because packages never import the server (decision 161); lint lets a
// `*.contract.test.ts` import the client it runs and nothing else.
import { createFetchChatHttp, createLocalProvider, type SocketLike } from '@bonds/chat-core'
import { chatProviderContract, type ContractPerson } from '@bonds/chat-core/testing'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { startChatApp, type ChatTestApp } from './testing.ts'

chatProviderContract('local (the product’s chat service)', async () => {
  const t: ChatTestApp = await startChatApp()
  const port = (t.app.server.address() as AddressInfo).port
  const baseUrl = `http://127.0.0.1:${port}`
  const sockets = new Map<ContractPerson, WebSocket[]>()
  let count = 0
  return {
    async person(name) {
      const login = `${name}${++count}`
      const userId = await t.addPerson(login, `Firm ${login}`, ['clientdealer'])
      const http = createFetchChatHttp({ baseUrl, accessToken: () => t.token[login] ?? null })
      const opened: WebSocket[] = []
      const provider = createLocalProvider({
        http,
        socketUrl: t.socketUrl,
        openSocket: (url) => {
          const socket = new WebSocket(url)
          opened.push(socket)
          return socket as unknown as SocketLike
        },
      })
      const person: ContractPerson = {
        userId,
        provider,
        issueToken: async () => {
          const response = await t.call(login, 'POST', '/api/issue-sb-session-token', { userId })
          if (response.statusCode !== 200) throw new Error(`session token: ${response.body}`)
          return (response.json() as { token: string }).token
        },
      }
      sockets.set(person, opened)
      return person
    },
    cut(person) {
      // The network goes: the socket dies without a closing handshake.
      for (const socket of sockets.get(person) ?? []) socket.terminate()
    },
    close: () => t.close(),
  }
})
