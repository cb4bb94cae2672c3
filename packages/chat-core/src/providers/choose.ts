// Which provider a session starts: the local one (the product's chat service) unless the server
// says a Sendbird application is configured. The Sendbird provider and its SDK are loaded only then,
// by dynamic import, so they never weigh on a first paint.
import type { ChatProvider } from '../port.ts'
import { createLocalProvider, type LocalProviderOptions } from './local/provider.ts'
import type { SendbirdProviderOptions } from './sendbird/provider.ts'

/** The provider the server configured. */
export type ChatProviderConfig =
  ({ kind: 'local' } & LocalProviderOptions) | ({ kind: 'sendbird' } & SendbirdProviderOptions)

/** Load the Sendbird provider (a chunk of its own, with `@sendbird/chat`). */
export async function loadSendbirdProvider(
  options: SendbirdProviderOptions,
): Promise<ChatProvider> {
  const { createSendbirdProvider } = await import('./sendbird/provider.ts')
  return createSendbirdProvider(options)
}

/** Create the configured provider. */
export async function createChatProvider(config: ChatProviderConfig): Promise<ChatProvider> {
  if (config.kind === 'sendbird') {
    const { kind: _kind, ...options } = config
    return loadSendbirdProvider(options)
  }
  const { kind: _kind, ...options } = config
  return createLocalProvider(options)
}
