/** Wire-shaped channels, members and messages for tests. */
export { aChannel, aMember, aMessage } from './factories.ts'
/** A scripted provider for tests of code above the port. */
export { createFakeProvider } from './fake-provider.ts'
export type { FakeProvider } from './fake-provider.ts'
/** The contract every provider passes. */
export { chatProviderContract } from './contract.ts'
export type { ContractPerson, ContractWorld } from './contract.ts'
/** A fake of the Sendbird SDK's objects over one in-memory application. */
export { createFakeSendbird, FakeSendbirdError } from './fake-sendbird.ts'
export type { FakeSendbird } from './fake-sendbird.ts'
