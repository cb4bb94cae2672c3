export { createApiClient } from './client.ts'
export type {
  ApiClient,
  ApiClientOptions,
  ApiEndpoints,
  ApiNotice,
  ApiRequest,
  DownloadedFile,
  LogoutReason,
  RefreshProtocol,
  RequestOptions,
} from './client.ts'
export { ApiError, errorToastText, firstFieldError, isApiError, isApiErrorBody } from './errors.ts'
export type { ApiErrorBody, ApiErrorInit } from './errors.ts'
export {
  carriesStatus,
  CHATTER_TRADE_PATH,
  DEFAULT_TOKEN_ENDPOINTS,
  fileNameFromDisposition,
  isRetryableStatus,
  requestPath,
  resolveUrl,
  statusRetries,
  withStatus,
} from './rules.ts'
export type { HttpMethod, QueryParams, QueryValue } from './rules.ts'
export {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  TOKEN_STORAGE_KEYS,
} from './tokens.ts'
export type {
  LocalStorageTokenStoreOptions,
  SessionTokens,
  StorageEventSource,
  TokenStorage,
  TokenStore,
  TokensToStore,
} from './tokens.ts'

/** RTK Query: the one API features inject their endpoints into, and the store each app composes. */
export { baseApi, TAG_TYPES } from './store/base-api.ts'
export type { TagType } from './store/base-api.ts'
export { clientBaseQuery, toQueryError } from './store/base-query.ts'
export type { ApiQueryArgs, ApiQueryError, StoreExtra } from './store/base-query.ts'
export {
  createAppStore,
  rootReducer,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from './store/store.ts'
export type {
  AppDispatch,
  AppStore,
  AppStoreOptions,
  AppThunk,
  LazyLoadedSlices,
  RootState,
} from './store/store.ts'

/** The trade socket and its stream into the cache. */
export { createTradeSocket, reconnectDelay, tradeSocketUrl } from './socket/trade-socket.ts'
export type {
  SocketClock,
  SocketLike,
  TradeSocket,
  TradeSocketOptions,
  TradeSocketStatus,
} from './socket/trade-socket.ts'
export {
  applyStreamMessages,
  onStreamMessages,
  REFRESH_TAGS,
  STREAM_FED_TAGS,
  STREAM_TAGS,
  tradeStreamApi,
  useTradeStreamQuery,
} from './socket/stream.ts'
export type {
  StreamContext,
  StreamMessage,
  StreamPatcher,
  StreamType,
  TradeStreamState,
} from './socket/stream.ts'
