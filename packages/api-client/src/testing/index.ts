export { createFakeFetch } from './fake-fetch.ts'
export type { FakeAnswer, FakeCall, FakeFetch } from './fake-fetch.ts'
export { createFakeSocketServer } from './fake-socket.ts'
export type { FakeSocketPeer, FakeSocketServer } from './fake-socket.ts'
