// The app's trade socket, loaded the first time a screen streams (see createAppSession).
import {
  createTradeSocket,
  tradeSocketUrl,
  type ApiClient,
  type TokenStore,
  type TradeSocket,
} from '@bonds/api-client'

/** Open the trade socket on the page's origin, refreshing the session through the app's client. */
export function openTradeSocket(api: ApiClient, tokens: TokenStore): TradeSocket {
  return createTradeSocket({
    url: tradeSocketUrl(window.location),
    tokens,
    refresh: () => api.refreshSession(),
  })
}
