// Where a request came from, for sessions and the audit log.
import type { FastifyRequest } from 'fastify'

/** Where a request came from, for sessions and the audit log. */
export interface RequestMeta {
  ip?: string
  userAgent?: string
}

/** Where a request came from. */
export function metaOf(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent']
  return { ip: request.ip, ...(agent ? { userAgent: agent } : {}) }
}
