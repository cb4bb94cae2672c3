// GET /api/chat/users/me/: the caller as the chat service knows them (metaData as members show
// it), whether the chat terms are accepted, whether they may chat or only read, and which chat
// provider the browser connects to (Sendbird's application when configured; decision 275), and
// whether WhatsApp linking is configured (decision 299).
import type { ChatMe } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { hasChatRole, isCompliance, type ChatContext } from '../context.ts'
import { profileById } from '../people.ts'
import { brandName } from '../views.ts'

/** The caller's chat profile. */
export async function me({ db, outside }: ChatContext, caller: AuthUser): Promise<ChatMe> {
  const profile = await profileById(db, caller.id)
  if (!profile) throw new HttpError(401, 'Authentication credentials were not provided.')
  return {
    userId: profile.userId,
    nickname: profile.nickname,
    metaData: {
      is_staff: profile.isStaff ? 'true' : 'false',
      is_active: profile.active ? 'true' : 'false',
      client_id: profile.clientId,
      brand_name: brandName(profile),
    },
    data: JSON.stringify({ user_onboarded: profile.onboarded }),
    has_accepted_chat_terms: profile.onboarded,
    can_chat: hasChatRole(caller) && !isCompliance(caller) && profile.onboarded,
    provider: outside.sendbird
      ? { kind: 'sendbird', appId: outside.sendbird.appId }
      : { kind: 'local' },
    whatsapp: outside.whatsapp != null,
  }
}
