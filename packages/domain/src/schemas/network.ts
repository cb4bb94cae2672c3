// A client's network in the dart workspace ("Build Network"): the participant searches of spec
// section 7 (chatter) and the partners and offline records of `GET api/clients/`, with the write
// paths chosen for them (docs/decisions/150–153).
import { z } from './runtime.ts'
import { PARTICIPANT_EXCHANGES, PARTICIPANT_GROUPS } from '../network.ts'
import { emailField, mobileField, requiredText } from './fields.ts'
import {
  hasControlCharacters,
  idParamsSchema,
  listFilterField,
  pageField,
  pageSizeField,
  plainText,
  QUERY_MESSAGES,
  queryFlag,
  searchLimitField,
  searchParamField,
  strictShape,
} from './query.ts'

/** Most offline records one client may keep. */
export const OFFLINE_RECORDS_MAX = 500

/** Messages of the network's rules (chosen: the spec shows none; decisions 150–153). */
export const NETWORK_MESSAGES = {
  exchange: 'Exchange is one of NSE, BSE, NSCCL, ICCL',
  clientNotFound: 'Client not found',
  ownClient: 'Your own firm is not a counterparty',
  alreadyPartner: 'This firm is already in your network',
  notPartner: 'This firm is not in your network',
  recordNotFound: 'Offline record not found',
  recordExists: 'An offline record with this name already exists',
  tooManyRecords: `Your network holds at most ${OFFLINE_RECORDS_MAX} offline records`,
  code: 'Use letters and digits only (up to 20)',
  nameTooLong: 'Should be at most 120 characters',
  nothingToChange: 'Nothing to change',
} as const

/** `GET api/chatter/search-trade-participants`: counterparties to deal with. */
export const participantSearchQuerySchema = strictShape({
  search_param: searchParamField,
  /** Only participants set up on this exchange (NSE≡NSCCL, BSE≡ICCL). */
  exchange: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(PARTICIPANT_EXCHANGES, { error: NETWORK_MESSAGES.exchange }))
    .optional(),
  /** Only participants that deal on the RFQ platforms (of `exchange`, when given). */
  for_rfq: queryFlag.optional(),
  limit: searchLimitField,
})
/** A participant search. */
export type ParticipantSearchQuery = z.output<typeof participantSearchQuerySchema>

/** `GET api/chatter/search-brokers/{id}`: brokers available to client {id}. */
export const brokerSearchQuerySchema = strictShape({
  search_param: searchParamField,
  limit: searchLimitField,
})
/** A broker search. */
export type BrokerSearchQuery = z.output<typeof brokerSearchQuerySchema>

/** `GET api/chatter/users-clients-unified/`: users and clients in one list. */
export const unifiedSearchQuerySchema = strictShape({
  search_param: searchParamField,
  /** true: only brokers and their people; false: only the others; absent: everyone. */
  broker: queryFlag.optional(),
  limit: searchLimitField,
})
/** A unified search. */
export type UnifiedSearchQuery = z.output<typeof unifiedSearchQuerySchema>

/** A path's client, user or record id. */
export const networkIdParamsSchema = idParamsSchema

/**
 * A participant (spec section 3) as a search lists it: a Member (a user, `user_id` set) or a
 * Company (a client, `user_id` null). `name` is the firm's name, `user_name` the person's.
 */
export const participantResultSchema = z.object({
  group: z.enum(PARTICIPANT_GROUPS),
  user_id: z.string().nullable(),
  client_id: z.string(),
  nsccl_code: z.string().nullable(),
  iccl_code: z.string().nullable(),
  user_name: z.string().nullable(),
  brand_name: z.string().nullable(),
  name: z.string(),
  is_broker: z.boolean(),
  /** The firm is in the caller's network (partners are listed first). */
  is_partner: z.boolean(),
})
/** A participant search result. */
export type ParticipantResult = z.output<typeof participantResultSchema>

/** A search's answer: Members first, then Companies, each partners first, then by name. */
export const participantListSchema = z.object({ results: z.array(participantResultSchema) })
/** A participant list. */
export type ParticipantList = z.output<typeof participantListSchema>

/** `GET api/clients/`: the caller's network, filtered. */
export const networkListQuerySchema = strictShape({
  search: listFilterField,
  /** true: include partners; false: leave them out (see decision 151 for the two flags together). */
  is_partner: queryFlag.optional(),
  /** true: include offline records; false: leave them out. */
  offline_record: queryFlag.optional(),
  page: pageField,
  page_size: pageSizeField,
})
/** A network list query. */
export type NetworkListQuery = z.output<typeof networkListQuerySchema>

/** The kinds of network entry. */
export const NETWORK_ENTRY_KINDS = ['partner', 'offline'] as const

/** A person of a partner firm the caller can deal with. */
export const networkPersonSchema = z.object({ user_id: z.string(), user_name: z.string() })

/**
 * One counterparty of the caller's network: a partner (a client on the platform; `id` is its
 * client id) or an offline record (`id` is the record's id, `client_id` null).
 */
export const networkEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(NETWORK_ENTRY_KINDS),
  is_partner: z.boolean(),
  offline_record: z.boolean(),
  client_id: z.string().nullable(),
  name: z.string(),
  brand_name: z.string().nullable(),
  nsccl_code: z.string().nullable(),
  iccl_code: z.string().nullable(),
  is_broker: z.boolean(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** A partner's active dealers (up to 20); empty for an offline record. */
  members: z.array(networkPersonSchema),
  created_at: z.string(),
})
/** A network entry. */
export type NetworkEntry = z.output<typeof networkEntrySchema>

/** A page of the network, by name. */
export const networkPageSchema = z.object({
  results: z.array(networkEntrySchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A network page. */
export type NetworkPage = z.output<typeof networkPageSchema>

/** `POST api/clients/partners/`: add a firm on the platform to the caller's network. */
export const partnerAddSchema = strictShape({
  client_id: z
    .string({ error: 'Client is required' })
    .trim()
    .min(1, 'Client is required')
    .max(64, NETWORK_MESSAGES.clientNotFound),
})
/** A partner to add. */
export type PartnerAdd = z.output<typeof partnerAddSchema>

const emptyToNull = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? null : value

const code = z.preprocess(
  emptyToNull,
  z
    .string({ error: NETWORK_MESSAGES.code })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,20}$/, NETWORK_MESSAGES.code)
    .nullable()
    .optional(),
)
const contactName = z.preprocess(
  emptyToNull,
  plainText(120, NETWORK_MESSAGES.nameTooLong).nullable().optional(),
)
const email = z.preprocess(
  emptyToNull,
  emailField
    .transform((value) => value.toLowerCase())
    .nullable()
    .optional(),
)
const mobile = z.preprocess(
  emptyToNull,
  mobileField
    .transform((value) => value.replace(/^(\+91|91)(?=\d{10}$)/, ''))
    .nullable()
    .optional(),
)
const recordName = requiredText('Name')
  .max(120, NETWORK_MESSAGES.nameTooLong)
  .refine((value) => !hasControlCharacters(value), QUERY_MESSAGES.controlCharacters)

/** `POST api/clients/offline-records/`: a counterparty not on the platform. */
export const offlineRecordCreateSchema = strictShape({
  name: recordName,
  nsccl_code: code,
  iccl_code: code,
  contact_name: contactName,
  email,
  mobile,
})
/** An offline record to create. */
export type OfflineRecordCreate = z.output<typeof offlineRecordCreateSchema>

/** `PATCH api/clients/offline-records/{id}/`: change some fields (null clears one). */
export const offlineRecordUpdateSchema = strictShape({
  name: recordName.optional(),
  nsccl_code: code,
  iccl_code: code,
  contact_name: contactName,
  email,
  mobile,
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  message: NETWORK_MESSAGES.nothingToChange,
})
/** Changes to an offline record. */
export type OfflineRecordUpdate = z.output<typeof offlineRecordUpdateSchema>
