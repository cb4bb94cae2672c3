export { createFakeFetch } from './fake-fetch.ts'
export type { FakeAnswer, FakeCall, FakeFetch } from './fake-fetch.ts'
