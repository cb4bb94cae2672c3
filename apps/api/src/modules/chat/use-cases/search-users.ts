// GET api/chatter/user/search (search_param, page, page_size 20, suggested, connections_only):
// people the caller can chat with, across firms: active users in a chat role whose standing in the
// network is active. Connections (colleagues, partner firms' people, those sharing a channel) first;
// `suggested` lists connections only, the most recent shared conversation first.
import type { ChatUserPage, ChatUserSearchQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { chatter, type ChatContext } from '../context.ts'
import { searchPeople } from '../people.ts'
import { brandName, nicknameFor } from '../views.ts'

/** Search people to chat with. */
export async function searchUsers(
  context: ChatContext,
  caller: AuthUser,
  query: ChatUserSearchQuery,
): Promise<ChatUserPage> {
  const me = await chatter(context, caller)
  const { count, rows } = await searchPeople(context.db, {
    caller: { userId: me.userId, clientId: me.clientId },
    search: query.search_param,
    connectionsOnly: query.connections_only === true,
    suggested: query.suggested === true,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  })
  return {
    results: rows.map(({ profile, isConnection }) => ({
      user_id: profile.userId,
      nickname: nicknameFor(profile, me),
      first_name: profile.isStaff && !me.isStaff ? '' : profile.firstName,
      last_name: profile.isStaff && !me.isStaff ? '' : profile.lastName,
      client_id: profile.clientId,
      brand_name: brandName(profile),
      is_staff: profile.isStaff,
      is_broker: profile.isBroker,
      is_connection: isConnection,
      user_onboarded: profile.onboarded,
    })),
    count,
    page: query.page,
    page_size: query.page_size,
  }
}
