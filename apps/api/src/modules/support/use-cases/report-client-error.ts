// An app reports an error it caught (spec section 3's error report): stored with the user context
// user-id, user-name, client-name and url when the caller is signed in. The context is the
// server's, read from the caller's token; only the url comes from the page.
import type { AuthUser } from '../../../http/access.ts'
import type { SupportContext } from '../context.ts'
import { insertClientError } from '../repo.ts'

/** Store a client error report; its id and the user context it was stored with. */
export async function reportClientError(
  { db, now, profileOf }: SupportContext,
  caller: AuthUser | null,
  report: {
    message: string
    url: string
    stack?: string | undefined
    component_stack?: string | undefined
    source: 'render' | 'window' | 'promise'
  },
  userAgent: string | undefined,
) {
  const profile = caller ? await profileOf(caller.id) : undefined
  const id = await insertClientError(db, {
    userId: caller && profile ? caller.id : null,
    userName: profile?.name ?? null,
    clientName: profile?.clientName ?? null,
    url: report.url,
    message: report.message,
    stack: report.stack ?? null,
    componentStack: report.component_stack ?? null,
    source: report.source,
    userAgent: userAgent?.slice(0, 500) ?? null,
    createdAt: now(),
  })
  return {
    id,
    user:
      caller && profile
        ? {
            'user-id': caller.id,
            'user-name': profile.name,
            'client-name': profile.clientName,
            url: report.url,
          }
        : null,
  }
}
