// Helpers for API tests that sign in as the demo accounts.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { DEMO_PASSWORD } from '../../demo/accounts.ts'

/** Sign in with a password; the token pair. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<{ access: string; refresh: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email, password },
  })
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`)
  }
  return response.json()
}

/** Inject a request with a bearer token. */
export function as(app: FastifyInstance, token: string | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

/** The latest outbox message to a recipient (demo mode's reader). */
export async function lastMessage(app: FastifyInstance, recipient: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox/?recipient=${encodeURIComponent(recipient)}`,
  })
  const [message] = response.json() as { body: string; kind: string }[]
  if (!message) throw new Error(`no outbox message to ${recipient}`)
  return message
}
