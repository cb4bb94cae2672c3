// The only `createApi` of the product. Feature packages add their endpoints to it with
// `baseApi.injectEndpoints` (one file per resource, exporting the endpoint's hooks), so there is
// one cache, one middleware and one set of tags for every screen of an app.
import { createApi } from '@reduxjs/toolkit/query/react'
import { clientBaseQuery } from './base-query.ts'

/**
 * The cache's tag types: a mutation, or a `refresh` socket message, invalidates what it changed.
 * One per resource of spec section 7.
 */
export const TAG_TYPES = [
  'Session',
  'Finstrument',
  'Screen',
  'SecuritySection',
  'User',
  'Invitation',
  'Credentials',
  'Client',
  'Participant',
  'Partner',
  'TradeTimings',
  'Eoi',
  'Cluster',
  'Depth',
  'Inquiry',
  'PrivateRun',
  'PublicRun',
  'Negotiation',
  'Ticket',
  'Order',
  'SupportTicket',
  'MindChat',
  'Inventory',
  'VenueRfq',
] as const

/** A tag type of the cache. */
export type TagType = (typeof TAG_TYPES)[number]

/** The one RTK Query API; features inject their endpoints into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: TAG_TYPES,
  // Spec section 7 already retries a GET once; RTK Query adds no retries of its own.
  refetchOnReconnect: true,
  endpoints: () => ({}),
})
