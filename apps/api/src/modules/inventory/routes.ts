// The inventory endpoints of spec section 7 (issue 25). Every one needs the page's permission
// (inventory.has_inventory_access) and a premium client: a basic client gets 402 naming the
// inventory's upgrade request type, before any body is read.
import {
  confirmPreviousQuerySchema,
  confirmPreviousResultSchema,
  confirmPreviousSchema,
  editValuationCostSchema,
  externalTradeRecordSchema,
  externalTradeSchema,
  INVENTORY_MESSAGES as IM,
  INVENTORY_UPLOAD_MAX_BYTES,
  INVENTORY_UPLOAD_MAX_ROWS,
  inventoryListQuerySchema,
  inventoryOfferResultSchema,
  inventoryOfferSchema,
  inventoryPageSchema,
  inventoryParticipantQuerySchema,
  inventoryPositionSchema,
  inventoryUploadPreviewSchema,
  inventoryUploadQuerySchema,
  inventoryUploadSavedSchema,
  participantListSchema,
  PERMISSIONS,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import {
  acceptUploads,
  fileOf,
  uploadBodyLimit,
  type UploadLimits,
} from '../../lib/upload-table.ts'
import type { InventoryService } from './index.ts'

const tags = ['inventory']

/** The inventory's access: premium first (402 with its request type), then the page permission. */
export const INVENTORY_ACCESS: AccessRule = {
  premium: true,
  upgradeRequestType: 'INVENTORY_ACCESS',
  permissions: [PERMISSIONS.inventoryAccess],
  complianceRestricted: true,
}

/** Who may change the book: a Dealer or Back Office (a Trade Viewer reads it). */
const BOOKKEEPING: AccessRule = { ...INVENTORY_ACCESS, roles: ['clientdealer', 'backoffice'] }

/** Who may offer: as above, and a Dealer with trade access (who may quote on the market). */
const OFFERING: AccessRule = {
  ...INVENTORY_ACCESS,
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.inventoryAccess, PERMISSIONS.canTrade],
}

/** The upload's limits and messages. */
const UPLOAD: UploadLimits = {
  maxRows: INVENTORY_UPLOAD_MAX_ROWS,
  maxBytes: INVENTORY_UPLOAD_MAX_BYTES,
  messages: IM,
}

/** Register the inventory routes over its service. */
export async function inventoryRoutes(
  app: FastifyInstance,
  { service }: { service: InventoryService },
): Promise<void> {
  // Multipart bodies are read whole (encapsulated: no other plugin sees this parser).
  acceptUploads(app, UPLOAD)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/inventory/upload/', {
    config: { access: BOOKKEEPING },
    bodyLimit: uploadBodyLimit(INVENTORY_UPLOAD_MAX_BYTES),
    schema: {
      tags,
      summary:
        'Upload holdings: multipart field "file", a CSV or XLSX with the header isin,face_value,clean_price,yield,trade_date,settlement_date,book; preview=true checks and saves nothing (200 {rows, errors}); otherwise any error refuses the whole file (400, the same errors) and a clean file is saved whole (201 {rows})',
      consumes: ['multipart/form-data'],
      querystring: inventoryUploadQuerySchema,
      response: { 200: inventoryUploadPreviewSchema, 201: inventoryUploadSavedSchema },
    },
    handler: async (request, reply) => {
      const file = await fileOf(request.headers['content-type'] ?? '', request.body, UPLOAD)
      const result = await service.upload(requireUser(request), file, request.query, request.ip)
      return reply.code(result.status).send(result.body)
    },
  })

  r.get('/api/inventory/', {
    config: { access: INVENTORY_ACCESS },
    schema: {
      tags,
      summary:
        'The firm’s positions per bond and book (uploads, settled platform orders, external trades), valued now, filtered and paged, with the totals',
      querystring: inventoryListQuerySchema,
      response: { 200: inventoryPageSchema },
    },
    handler: async (request) => service.listInventory(requireUser(request), request.query),
  })

  r.post('/api/inventory/external-trade/', {
    config: { access: BOOKKEEPING },
    schema: {
      tags,
      summary:
        'Record a trade done outside the platform, priced to the paisa; the position moves on its settlement date',
      body: externalTradeSchema,
      response: { 201: externalTradeRecordSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.externalTrade(requireUser(request), request.body, request.ip)),
  })

  r.put('/api/inventory/confirm-previous/', {
    config: { access: BOOKKEEPING },
    schema: {
      tags,
      summary:
        'Start of day: what changed since the last confirmed book (coupons, redemptions, maturities, trades settled); preview=true shows it, otherwise the book is confirmed into the day',
      querystring: confirmPreviousQuerySchema,
      body: confirmPreviousSchema.optional(),
      response: { 200: confirmPreviousResultSchema },
    },
    handler: async (request) =>
      service.confirmPrevious(requireUser(request), request.body ?? {}, request.query, request.ip),
  })

  r.put('/api/inventory/edit-valuation-cost/', {
    config: { access: BOOKKEEPING },
    schema: {
      tags,
      summary: 'Change a position’s cost (the old value is kept on the audit log)',
      body: editValuationCostSchema,
      response: { 200: inventoryPositionSchema },
    },
    handler: async (request) =>
      service.editValuationCost(requireUser(request), request.body, request.ip),
  })

  r.post('/api/inventory/offer/', {
    config: { access: OFFERING },
    schema: {
      tags,
      summary:
        'Offer positions on the market: each becomes an EOI to sell, never more than the free position',
      body: inventoryOfferSchema,
      response: { 201: inventoryOfferResultSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.offerPositions(requireUser(request), request.body, request.ip)),
  })

  for (const clearing of ['NSCCL', 'ICCL'] as const) {
    r.get(`/api/inventory/search-${clearing === 'NSCCL' ? 'nsscl' : 'iccl'}-participants/`, {
      config: { access: INVENTORY_ACCESS },
      schema: {
        tags,
        summary: `Counterparties set up at ${clearing === 'NSCCL' ? 'NSE Clearing' : 'ICCL'} for an external trade (ucc_only: those holding a code there)`,
        querystring: inventoryParticipantQuerySchema,
        response: { 200: participantListSchema },
      },
      handler: async (request) =>
        service.searchClearingParticipants(requireUser(request), clearing, request.query),
    })
  }
}
