// The chat's REST calls that are not the provider's (spec section 7): the caller's chat profile,
// the chat terms, and the people search: endpoints of the one base API (the download, a file, is no state: it goes
// through the client straight to the browser).
import { baseApi } from '@bonds/api-client'
import type { ChatChannel, ChatMe, ChatUserPage } from '@bonds/domain'

/** A people search (3 characters or more; spec section 9's page size 20). */
export interface ChatUserSearch {
  search: string
  page?: number
}

/** The chat's endpoints. */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    chatMe: build.query<ChatMe, void>({
      query: () => ({ url: 'api/chat/users/me/', silent: true }),
    }),
    acceptChatTerms: build.mutation<{ has_accepted_chat_terms: boolean }, void>({
      query: () => ({
        url: 'api/client/chat-terms/',
        method: 'PATCH',
        body: { has_accepted_chat_terms: true },
      }),
    }),
    searchChatUsers: build.query<ChatUserPage, ChatUserSearch>({
      query: ({ search, page }) => ({
        url: 'api/chatter/user/search',
        query: { search_param: search, page: page ?? 1, page_size: 20 },
      }),
    }),
    /** Link a group or trading group to a WhatsApp number (operators; decisions 279, 299). */
    linkChatWhatsapp: build.mutation<ChatChannel, { url: string; number: string }>({
      query: ({ url, number }) => ({
        url: `api/chat/channels/${encodeURIComponent(url)}/whatsapp/`,
        method: 'PUT',
        body: { number },
        silent: true,
      }),
    }),
    unlinkChatWhatsapp: build.mutation<ChatChannel, { url: string }>({
      query: ({ url }) => ({
        url: `api/chat/channels/${encodeURIComponent(url)}/whatsapp/`,
        method: 'DELETE',
        silent: true,
      }),
    }),
  }),
})

/** The caller's chat profile (terms, whether they may chat, the configured provider). */
export const {
  useChatMeQuery,
  useAcceptChatTermsMutation,
  useSearchChatUsersQuery,
  useLinkChatWhatsappMutation,
  useUnlinkChatWhatsappMutation,
} = chatApi
