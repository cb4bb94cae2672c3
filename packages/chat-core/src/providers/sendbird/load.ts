// The only place the Sendbird SDK is loaded: dynamic imports, so a bundler puts `@sendbird/chat`
// in a chunk of its own that a first paint never waits for.
import type { SbSdk } from './sdk.ts'

/** Load `@sendbird/chat` and its group channel module. */
export async function loadSendbirdSdk(): Promise<SbSdk> {
  const [core, group] = await Promise.all([
    import('@sendbird/chat'),
    import('@sendbird/chat/groupChannel'),
  ])
  const SendbirdChat = core.default
  return {
    init: (appId) =>
      SendbirdChat.init({
        appId,
        modules: [new group.GroupChannelModule()],
        localCacheEnabled: true,
      }) as never,
    connectionHandler: (params) => new core.ConnectionHandler(params) as never,
    sessionHandler: (params) => new core.SessionHandler(params) as never,
    groupChannelHandler: (params) => new group.GroupChannelHandler(params as never) as never,
    cacheAndReplaceByApi: group.MessageCollectionInitPolicy.CACHE_AND_REPLACE_BY_API as never,
  }
}
