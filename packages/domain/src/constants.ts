// Business constants of spec section 9 (and texts of section 8). Values the spec hides are chosen
// in docs/decisions/004-hidden-constants.md.

/** Debounce of bond and participant search, ms. */
export const SEARCH_DEBOUNCE_MS = 300
/** Characters needed before a search starts. */
export const MIN_SEARCH_LENGTH = 3
/** Max height of search dropdowns, px. */
export const DROPDOWN_MAX_HEIGHT_PX = 180

/** Price range of the pricing input. */
export const PRICING_INPUT_PRICE_RANGE = { min: 1, max: 250 } as const
/** Price range of forms. */
export const FORM_PRICE_RANGE = { min: 0, max: 250 } as const
/** Highest yield, percent. */
export const YIELD_MAX_PERCENT = 100
/** Decimals of a yield shown as percent. */
export const YIELD_DISPLAY_DECIMALS = 4
/** Decimals of a yield stored as a fraction. */
export const YIELD_STORED_DECIMALS = 6
/** Decimals of a price. */
export const PRICE_DECIMALS = 4
/** Step of the price input. */
export const PRICE_STEP = 0.0001
/**
 * Pricing input switch threshold (percent units): a number above it typed as a yield is a price,
 * and one at or below it typed as a price is a yield.
 */
export const PRICE_YIELD_SWITCH_THRESHOLD = 30

/** Digits of an OTP. */
export const OTP_LENGTH = 6
/** Digits of a BO ID. */
export const BO_ID_LENGTH = 16
/** Digits of a DP ID and a depository client id. */
export const DP_ID_LENGTH = 8
/** Characters of a pincode. */
export const PINCODE_LENGTH = 6
/** Most digits of a quantum. */
export const QUANTUM_MAX_DIGITS = 12
/** Smallest quantum of a quote, rupees of face value: ₹1 lakh (decision 260; the spec says only "not zero"). */
export const MIN_QUANTUM = 100_000
/** Fewest digits of a bank account number. */
export const ACCOUNT_NUMBER_MIN_DIGITS = 10

/** Statuses a GET is retried on. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]
/** Retries of a GET. */
export const GET_RETRIES = 1
/** Retries of POST, PUT, PATCH, DELETE. */
export const WRITE_RETRIES = 0
/** 401 retries for one URL before logging out. */
export const REFRESH_RETRY_CAP = 2

/** Session refresh interval, ms (also on window focus). */
export const SESSION_REFRESH_MS = 240_000
/** Build and version polling interval, ms. */
export const BUILD_POLL_INTERVAL_MS = 300_000

/** Analytics page update delay after a route change, ms. */
export const ANALYTICS_DELAY_MS = 250
/** Wait before a route resolves, ms. */
export const PAGE_LOAD_WAIT_MS = 100
/** Prefetch delay, ms (skipped on slow-2g). */
export const PREFETCH_DELAY_MS = 1000

/** Chat user search page size. */
export const CHAT_USER_SEARCH_PAGE_SIZE = 20
/** Instrument list page size. */
export const INSTRUMENT_PAGE_SIZE = 20
/** Messages fetched per page when the starting point is in the past (search). */
export const MESSAGE_SEARCH_LIMIT = 100
/** Messages fetched per page otherwise. */
export const MESSAGE_DEFAULT_LIMIT = 30

/** Trade socket: ping interval, ms. */
export const SOCKET_PING_INTERVAL_MS = 10_000
/** Trade socket: silence after which a peer is offline, ms. */
export const SOCKET_OFFLINE_THRESHOLD_MS = 30_000
/** Trade socket: longest reconnect delay, ms. */
export const SOCKET_MAX_RECONNECT_DELAY_MS = 10_000
/** Trade socket: connection timeout, ms. */
export const SOCKET_CONNECT_TIMEOUT_MS = 4000

/** Default toast life, ms. */
export const TOAST_LIFE_MS = 4000
/** z-index of tooltips. */
export const TOOLTIP_Z_INDEX = 1100
/** z-index of overlays. */
export const OVERLAY_Z_INDEX = 1000

/** Channel list refresh interval, ms. */
export const CHANNEL_REFRESH_MS = 600_000
/** Visible direct channels refreshed per batch. */
export const CHANNEL_REFRESH_BATCH = 5
/** Pause between refresh batches, ms. */
export const CHANNEL_REFRESH_PAUSE_MS = 60_000
/** Share of a channel that must be visible to count as visible. */
export const CHANNEL_VISIBILITY_THRESHOLD = 0.1
/** Delivered-marking throttle, ms. */
export const DELIVERED_THROTTLE_MS = 1000
/** Buzz duration, ms. */
export const BUZZ_MS = 2000
/** Tolerance for "scrolled to the bottom", px. */
export const SCROLL_BOTTOM_TOLERANCE_PX = 20

/** Texts of spec section 8 the client shows. */
export const MESSAGES = {
  genericError: 'Something went wrong, Please try again.',
  generic4xx: 'Something went wrong!',
  offline: 'You are offline',
  connected: 'Connected',
  imDownloaded: 'Congratulations! You have downloaded the IM successfully',
  imTooltip: 'You can download IM directly from here.',
  pageNotFound: 'Page not found',
  serverConfigurationError: 'Server configuration error',
  authRuntimeError: 'Runtime error, check the console logs to debug',
  unknownMiddleware: 'Unknown route middleware',
  uploadErrorPrefix: 'Error uploading file: ',
  ticketErrorPrefix: 'Error creating intercom ticket: ',
  querySuccess: 'Your query has been noted. We will respond shortly via email.',
  issueSuccess: 'Thank you for reporting the issue. We will update you shortly via email.',
  accessSuccess: 'Your request has been noted. We will update you shortly via email.',
  feedbackSuccess: 'Thank you for your valuable feedback',
  contactSuccess: 'Your message has been noted',
  noBondsFound: 'No bonds found',
  startTyping: 'Start typing to search...',
  bondSearchPlaceholder: 'Search for Bonds by Name, ISIN, Issuer...',
  noBuyersFound: 'No Buyers Found',
  noSellersFound: 'No Sellers Found',
  noEntitiesFound: 'No Entities Found',
} as const

/** "Page Not Found: {path}" (spec section 8). */
export function pageNotFoundMessage(path: string): string {
  return `Page Not Found: ${path}`
}

/** "[METHOD] url: status statusText", or "<no response>" (spec section 8). */
export function fetchErrorMessage(
  method: string,
  url: string,
  status?: number,
  statusText?: string,
): string {
  return status === undefined
    ? `[${method.toUpperCase()}] ${url}: <no response>`
    : `[${method.toUpperCase()}] ${url}: ${status} ${statusText ?? ''}`.trimEnd()
}
