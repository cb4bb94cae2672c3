// Enumerations of spec sections 3 and 6, as const tuples with their types.

/** Client types (spec section 3). */
export const CLIENT_TYPES = ['CORP', 'CORP-P', 'INDV', 'INDV-P'] as const
/** One client type. */
export type ClientType = (typeof CLIENT_TYPES)[number]

/** Client modes. */
export const CLIENT_MODES = ['SOFTWARE', 'BROKING'] as const
/** One client mode. */
export type ClientMode = (typeof CLIENT_MODES)[number]

/** Client segments. */
export const CLIENT_SEGMENTS = ['INSTITUTIONAL', 'NON_INSTITUTIONAL', 'WDM'] as const
/** One client segment. */
export type ClientSegment = (typeof CLIENT_SEGMENTS)[number]

/** Client tiers; premium features need PREMIUM. */
export const CLIENT_TIERS = ['BASIC', 'PREMIUM'] as const
/** One client tier. */
export type ClientTier = (typeof CLIENT_TIERS)[number]

/** Individual client categories with their display names. */
export const INDIVIDUAL_CATEGORIES = {
  RTL: 'Retail',
  HUF: 'Hindu Undivided Family',
  FMO: 'Family Office',
  SWM: 'Wealth Manager',
  HNI: 'HNI',
} as const
/** One individual category code. */
export type IndividualCategory = keyof typeof INDIVIDUAL_CATEGORIES

/** User account status. */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'invited'] as const
/** One account status. */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/** Invitation status (spec section 4, user invites). */
export const INVITE_STATUSES = ['invited', 'revoked', 'validated'] as const
/** One invitation status. */
export type InviteStatus = (typeof INVITE_STATUSES)[number]

/** OTP modes. */
export const OTP_MODES = ['login', 'register', 'update_profile', 'easy_register'] as const
/** One OTP mode. */
export type OtpMode = (typeof OTP_MODES)[number]

/** India's 28 states and 8 union territories, plus Other. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
  'Other',
] as const
/** One state or union territory (or Other). */
export type IndianState = (typeof INDIAN_STATES)[number]

/** Ticket-form types (spec section 3), by the name the support forms use. */
export const TICKET_FORM_TYPES = [
  'REQUEST_PRICING',
  'REPORT_ISSUE_PRICING_CASHFLOW',
  'REQUEST_ACCESS_TO_TRADE',
  'LIVE_MARKET_UPGRADE',
  'DEPTH_FEATURE',
  'BUSINESS_MIGRATE',
  'REQUEST_ACCESS',
  'INVENTORY_ACCESS',
  'CASHFLOW_UPGRADE',
  'CONTACT_FORM',
  'INTEGRATE_WITH_EXCHANGE',
] as const
/** One ticket-form type. */
export type TicketFormType = (typeof TICKET_FORM_TYPES)[number]

/** Support ticket types and their ids (spec section 3). */
export const SUPPORT_TICKET_TYPES = {
  issue: { id: 1, label: 'Report issue' },
  feedback: { id: 2, label: 'Provide feedback' },
  query: { id: 3, label: 'Ask a query' },
  access: { id: 4, label: 'Request access' },
} as const
/** One support ticket type. */
export type SupportTicketType = keyof typeof SUPPORT_TICKET_TYPES

const PRODUCTION_PROVIDER_IDS: Readonly<Record<number, number>> = { 1: 1, 2: 6, 3: 5, 4: 8 }

/** The helpdesk's id for a support ticket type: mapped in production, as is in development. */
export function supportProviderId(typeId: number, mode: 'production' | 'development'): number {
  if (mode === 'development') return typeId
  const mapped = PRODUCTION_PROVIDER_IDS[typeId]
  if (mapped === undefined) throw new RangeError(`unknown support ticket type ${typeId}`)
  return mapped
}

/** Quote sides of an EOI. */
export const QUOTE_TYPES = ['BID', 'ASK'] as const
/** One quote side. */
export type QuoteType = (typeof QUOTE_TYPES)[number]

/** Life of an EOI (spec section 4: created, responded to, closed, expired; default DEFAULT). */
export const EOI_STATES = ['DEFAULT', 'RESPONDED', 'CLOSED', 'EXPIRED'] as const
/** One EOI state. */
export type EoiState = (typeof EOI_STATES)[number]

/** Life of a cluster: open while negotiated, closed when a party closes it, dealt when both accept. */
export const CLUSTER_STATES = ['OPEN', 'CLOSED', 'DEALT'] as const
/** One cluster state. */
export type ClusterState = (typeof CLUSTER_STATES)[number]

/** Which field of a quote the user fixed. */
export const FIXED_FIELDS = ['yield', 'price'] as const
/** The fixed field. */
export type FixedField = (typeof FIXED_FIELDS)[number]

/** Channel custom types ('' for a plain channel). */
export const CHANNEL_TYPES = ['direct', 'group', 'trading group', 'broadcast', ''] as const
/** One channel custom type. */
export type ChannelType = (typeof CHANNEL_TYPES)[number]

/** Message types. */
export const MESSAGE_TYPES = ['user', 'admin', 'file'] as const
/** One message type. */
export type MessageType = (typeof MESSAGE_TYPES)[number]

/** Toast severities. */
export const TOAST_SEVERITIES = ['info', 'success', 'warn', 'error'] as const
/** One toast severity. */
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number]

/** Instrument type filter values. */
export const INSTRUMENT_TYPES = ['Bond'] as const
/** Screener categories (spec section 3, "Other filters"). */
export const FILTER_CATEGORIES = [
  'bondCategory',
  'securityType',
  'creditRating',
  'timeToMaturity',
  'bondSecurity',
] as const
/** One screener category. */
export type FilterCategory = (typeof FILTER_CATEGORIES)[number]

/** Filter operators with their display words. */
export const FILTER_OPERATORS = {
  equals: 'equals',
  lt: 'less than',
  lte: 'less or equal',
  gt: 'greater',
  gte: 'greater or equal',
  dateIs: 'date is',
  after: 'after',
  before: 'before',
} as const
/** One filter operator. */
export type FilterOperator = keyof typeof FILTER_OPERATORS

/** Exchanges allowed by default: the NSCCL-type and the ICCL-type. */
export const DEFAULT_ALLOWED_EXCHANGES = ['NSE', 'BSE'] as const

/** True when the only allowed exchange is the ICCL-type one (BSE). */
export function hasOnlyICCL(allowedExchanges: readonly string[]): boolean {
  return allowedExchanges.length === 1 && allowedExchanges[0] === 'BSE'
}

/** Security types of the bond universe (the imported data's own, our names). */
export const SECURITY_TYPES = [
  'GSEC',
  'SDL',
  'TBILL',
  'STRIPS',
  'GSEC_FRB',
  'SGB',
  'GOVT_OTHER',
  'CORPORATE',
  'PSU',
  'BANK',
  'TAX_FREE',
  'ZERO_COUPON',
  'CORPORATE_FRB',
] as const
/** One security type. */
export type SecurityType = (typeof SECURITY_TYPES)[number]
