export { createApiClient } from './client.ts'
export type { ApiClient, ApiNotice, DownloadedFile } from './client.ts'
export { ApiError, isApiError } from './errors.ts'

export { createLocalStorageTokenStore, createMemoryTokenStore } from './tokens.ts'
export type { TokenStore } from './tokens.ts'

/** RTK Query: the one API features inject their endpoints into, and the store each app composes. */
export { baseApi } from './store/base-api.ts'
export type { TagType } from './store/base-api.ts'
export type { ApiQueryArgs, ApiQueryError, Failure, StoreExtra } from './store/base-query.ts'
/** A failed call (the client's `ApiError` or an endpoint's `ApiQueryError`) as screens read it. */
export { failureOf, isApiQueryError } from './store/base-query.ts'
export { createAppStore, rootReducer, useAppDispatch, useAppSelector } from './store/store.ts'
export { heldFiles } from './store/held-files.ts'
export type { HeldFiles } from './store/held-files.ts'
export type { AppDispatch, AppStore, LazyLoadedSlices, RootState } from './store/store.ts'

/** The trade socket and its stream into the cache. */
export { createTradeSocket, tradeSocketUrl } from './socket/trade-socket.ts'
export type { TradeSocket, TradeSocketStatus } from './socket/trade-socket.ts'
export { onStreamMessages, tradeStreamApi, useTradeStreamQuery } from './socket/stream.ts'
export type { StreamMessage, StreamPatcher, StreamType } from './socket/stream.ts'
