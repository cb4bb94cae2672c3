// A user accepts (or withdraws) the chat terms.
import type { AuthUser } from '../../../http/access.ts'
import type { AccountsContext } from '../context.ts'
import { updateUser } from '../repo.ts'

/** Accept (or withdraw) the chat terms. */
export async function chatTerms({ db }: AccountsContext, caller: AuthUser, accepted: boolean) {
  await updateUser(db, caller.id, { hasAcceptedChatTerms: accepted })
  return { has_accepted_chat_terms: accepted }
}
