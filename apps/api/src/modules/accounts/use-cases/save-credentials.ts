// An Ops Admin stores the client's exchange credentials for a clearing corporation: the password
// sealed at rest, never returned.
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { upsertCredentials } from '../repo.ts'

/** Store exchange credentials, the password encrypted; answers without the password. */
export async function saveCredentials(
  { db, now, box }: AccountsContext,
  caller: AuthUser,
  request: {
    participant_code: string
    username: string
    password: string
    corp: 'NSCCL' | 'ICCL'
  },
  meta: RequestMeta,
) {
  const values = {
    clientId: caller.clientId,
    corp: request.corp,
    participantCode: request.participant_code,
    username: request.username,
    passwordEncrypted: box.seal(request.password),
    updatedBy: caller.id,
    updatedAt: now(),
  }
  await upsertCredentials(db, values)
  await audit(db, {
    actor: caller.id,
    action: 'credentials_changed',
    ip: meta.ip,
    detail: { corp: request.corp, participant_code: request.participant_code },
  })
  return {
    corp: request.corp,
    participant_code: request.participant_code,
    username: request.username,
    updated_at: values.updatedAt.toISOString(),
  }
}
