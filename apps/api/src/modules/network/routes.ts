// The network endpoints: participant searches (spec section 7, chatter), the client's network
// (`GET api/clients/` and the write paths of decision 151), and the trade desk's facilitators,
// agents, members and client users. Each declares who may call it; the use cases check whose
// rows they are.
import {
  agentListSchema,
  brokerSearchQuerySchema,
  clientUsersSchema,
  clientUserSchema,
  deskListQuerySchema,
  facilitatorListSchema,
  memberUpdateSchema,
  networkEntrySchema,
  networkIdParamsSchema,
  networkListQuerySchema,
  networkPageSchema,
  offlineRecordCreateSchema,
  offlineRecordUpdateSchema,
  participantListSchema,
  participantSearchQuerySchema,
  partnerAddSchema,
  PERMISSIONS,
  TRADING_ROLES,
  unifiedSearchQuerySchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { NetworkService } from './index.ts'

const tags = ['network']
const noContent = { 204: z.null().describe('Done; no body') }

/** The trading roles (Dealer, Trade Viewer, Back Office); compliance officers never. */
const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** Who may see the client's partners (client.view_client: the trading roles and Ops Admin). */
const NETWORK_READ: AccessRule = {
  permissions: [PERMISSIONS.viewClient],
  complianceRestricted: true,
}

/** Who may change the client's network: Dealer, Back Office, Ops Admin (not Trade Viewer). */
const NETWORK_WRITE: AccessRule = {
  roles: ['clientdealer', 'backoffice', 'clientopsadmin'],
  permissions: [PERMISSIONS.viewClient],
  complianceRestricted: true,
}

/** Who may set a member's standing: an Ops Admin (anyone), a Dealer (themselves). */
const MEMBERS: AccessRule = {
  roles: ['clientdealer', 'clientopsadmin'],
  complianceRestricted: true,
}

/** Register the network routes over its service. */
export async function networkRoutes(
  app: FastifyInstance,
  { service }: { service: NetworkService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/chatter/search-trade-participants', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'Counterparties to deal with: Members (other firms’ dealers) then Companies, partners first',
      querystring: participantSearchQuerySchema,
      response: { 200: participantListSchema },
    },
    handler: async (request) => service.searchParticipants(requireUser(request), request.query),
  })

  r.get('/api/chatter/search-brokers/:id', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'Brokers available to client {id} (the caller’s own, or a partner): dealers and firms',
      params: networkIdParamsSchema,
      querystring: brokerSearchQuerySchema,
      response: { 200: participantListSchema },
    },
    handler: async (request) =>
      service.searchBrokers(requireUser(request), request.params.id, request.query),
  })

  r.get('/api/chatter/users-clients-unified/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'Users and clients of other firms in one list (broker=true|false narrows)',
      querystring: unifiedSearchQuerySchema,
      response: { 200: participantListSchema },
    },
    handler: async (request) => service.searchUnified(requireUser(request), request.query),
  })

  r.get('/api/clients/', {
    config: { access: NETWORK_READ },
    schema: {
      tags,
      summary: 'The caller’s network by name: partners and offline records',
      querystring: networkListQuerySchema,
      response: { 200: networkPageSchema },
    },
    handler: async (request) => service.listNetwork(requireUser(request), request.query),
  })

  r.post('/api/clients/partners/', {
    config: { access: NETWORK_WRITE },
    schema: {
      tags,
      summary: 'Add a firm on the platform to the caller’s network',
      body: partnerAddSchema,
      response: { 201: networkEntrySchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.addPartner(requireUser(request), request.body, request.ip)),
  })

  r.delete('/api/clients/partners/:id/', {
    config: { access: NETWORK_WRITE },
    schema: {
      tags,
      summary: 'Take a firm (by client id) out of the caller’s network',
      params: networkIdParamsSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.removePartner(requireUser(request), request.params.id, request.ip)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/clients/offline-records/', {
    config: { access: NETWORK_WRITE },
    schema: {
      tags,
      summary: 'Record a counterparty that is not on the platform',
      body: offlineRecordCreateSchema,
      response: { 201: networkEntrySchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createOfflineRecord(requireUser(request), request.body, request.ip)),
  })

  r.patch('/api/clients/offline-records/:id/', {
    config: { access: NETWORK_WRITE },
    schema: {
      tags,
      summary: 'Change an offline record (null clears an optional field)',
      params: networkIdParamsSchema,
      body: offlineRecordUpdateSchema,
      response: { 200: networkEntrySchema },
    },
    handler: async (request) =>
      service.updateOfflineRecord(
        requireUser(request),
        request.params.id,
        request.body,
        request.ip,
      ),
  })

  r.delete('/api/clients/offline-records/:id/', {
    config: { access: NETWORK_WRITE },
    schema: {
      tags,
      summary: 'Delete an offline record',
      params: networkIdParamsSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.deleteOfflineRecord(requireUser(request), request.params.id, request.ip)
      return reply.code(204).send(null)
    },
  })

  r.get('/api/trade/facilitator/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'Brokers that can facilitate the caller’s trades (empty without trade access)',
      querystring: deskListQuerySchema,
      response: { 200: facilitatorListSchema },
    },
    handler: async (request) => service.listFacilitators(requireUser(request), request.query),
  })

  r.get('/api/trade/agent/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The caller’s client’s dealers who can act for it (trade access, active)',
      querystring: deskListQuerySchema,
      response: { 200: agentListSchema },
    },
    handler: async (request) => service.listAgents(requireUser(request), request.query),
  })

  r.patch('/api/trade/members/:id/', {
    config: { access: MEMBERS },
    schema: {
      tags,
      summary:
        'Set a desk member active or not in the network (Ops Admin: anyone; Dealer: themselves)',
      params: networkIdParamsSchema,
      body: memberUpdateSchema,
      response: { 200: clientUserSchema },
    },
    handler: async (request) =>
      service.updateMember(requireUser(request), request.params.id, request.body, request.ip),
  })

  r.get('/api/trade/client/users/:id/', {
    config: { access: NETWORK_READ },
    schema: {
      tags,
      summary:
        'Users of client {id}: the caller’s own desk in full, another firm’s active dealers only',
      params: networkIdParamsSchema,
      querystring: deskListQuerySchema,
      response: { 200: clientUsersSchema },
    },
    handler: async (request) =>
      service.clientUsers(requireUser(request), request.params.id, request.query),
  })
}
