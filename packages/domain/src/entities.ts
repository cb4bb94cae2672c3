// Entity shapes of spec section 3. Field names are the wire names the API uses.
import type {
  ChannelType,
  FilterCategory,
  FilterOperator,
  MessageType,
  ToastSeverity,
} from './enums.ts'

/** A bond's identifiers. */
export interface FinstrumentIdentifiers {
  isin: string
}

/** A bond's contract parameters the product reads. */
export interface ContractParameters {
  is_listed: boolean
  maturity_date: string | null
}

/** A bond (finstrument). */
export interface Finstrument {
  id: string
  display_name: string
  identifiers: FinstrumentIdentifiers
  available: boolean
  contract_parameters: ContractParameters
}

/** A price at a settlement date. */
export interface PriceQuote {
  unit_clean_price: number
  /** Fraction, 6 decimals. */
  bond_yield: number
  settlement_date: string
}

/** Price info of a bond. */
export interface PriceInfo {
  price: PriceQuote | null
  can_be_priced: boolean
  allow_price_modification: boolean
}

/** A participant or counterparty in searches and tickets. */
export interface Participant {
  user_id: string | number | null
  client_id: string | number
  nsccl_code: string | null
  iccl_code: string | null
  user_name: string | null
  brand_name: string | null
  name: string
}

/** A broker on a ticket: which side it acts for. */
export interface BrokerDetail {
  buy_or_sell: 'buy' | 'sell'
  user_id: string | number
}

/** The side a broker acts for on a ticket, from its broker_details. */
export function brokerSide(
  ticket: { broker_details: readonly BrokerDetail[] },
  userId: string | number,
): 'buy' | 'sell' | null {
  return (
    ticket.broker_details.find((b) => String(b.user_id) === String(userId))?.buy_or_sell ?? null
  )
}

/** A channel member. */
export interface ChannelMember {
  userId: string
  nickname: string
  role: 'operator' | 'none'
  connectionStatus: 'online' | 'offline' | 'nonavailable'
  metaData: { is_staff?: string; is_active?: string; client_id?: string; brand_name?: string }
  /** JSON text that may hold user_onboarded. */
  data?: string
}

/** True unless the member's metadata says is_active "false". */
export function isActiveMember(member: Pick<ChannelMember, 'metaData'>): boolean {
  return member.metaData.is_active !== 'false'
}

/** A message in a channel. */
export interface Message {
  messageId: number
  reqId: string
  messageType: MessageType
  /** MIME type for files. */
  type?: string
  /** Marker such as buzz or a declined invitation. */
  data?: string
  customType?: string
  sender?: { userId: string; nickname: string }
  ogMetaData?: { title?: string; url?: string; description?: string } | null
  createdAt: number
}

/** A chat channel. */
export interface Channel {
  url: string
  customType: ChannelType
  /** Defaults to "Group Channel". */
  name: string
  memberCount: number
  isDistinct: boolean
  members: ChannelMember[]
  lastMessage: Message | null
  unreadMessageCount: number
  createdAt: number
  invitedAt: number
  inviter: { userId: string } | null
  creator: { userId: string } | null
  myMemberState: 'joined' | 'invited' | 'none'
  /** JSON text that may hold created_from or last_direct_message_at (seconds). */
  data: string
  is_whatsapp_linked_channel?: boolean
}

/** Default name of a group channel. */
export const DEFAULT_CHANNEL_NAME = 'Group Channel'

/** A toast message (spec section 3). */
export interface ToastMessageData {
  severity: ToastSeverity
  summary: string
  detail?: string
  life?: number
  group?: string
  closable?: boolean
  id?: string
}

/** User context attached to error reports. */
export interface ErrorReportUserContext {
  'user-id': string
  'user-name': string
  'client-name': string
  url: string
}

/** One screener filter: a category, an operator and a value. */
export interface Filter {
  category: FilterCategory
  operator: FilterOperator
  value: string | number
}
