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
