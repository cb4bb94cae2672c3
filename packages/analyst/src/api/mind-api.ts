// mind's endpoints (issue 23; decision 246) injected into the one API slice: ask, the researcher's
// chats (list, read, rename, delete), sharing, and the public shared chat.
import { baseApi } from '@bonds/api-client'
import type {
  MindAskRequest,
  MindAskResponse,
  MindChat,
  MindChatList,
  MindChatSummary,
  MindPreview,
  MindPublicChat,
  MindShare,
} from '@bonds/domain'

/** The mind endpoints. */
export const mindApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askMind: build.mutation<MindAskResponse, MindAskRequest>({
      query: (body) => ({ url: 'api/mind/ask/', method: 'POST', body }),
      invalidatesTags: (answer) => [
        { type: 'MindChat', id: 'LIST' },
        ...(answer ? [{ type: 'MindChat' as const, id: answer.chat_id }] : []),
      ],
    }),
    mindChats: build.query<MindChatList, void>({
      query: () => 'api/mind/chats/',
      providesTags: [{ type: 'MindChat', id: 'LIST' }],
    }),
    mindChat: build.query<MindChat, string>({
      query: (id) => `api/mind/chats/${encodeURIComponent(id)}/`,
      providesTags: (_chat, _error, id) => [{ type: 'MindChat', id }],
    }),
    renameMindChat: build.mutation<MindChatSummary, { id: string; title: string }>({
      query: ({ id, title }) => ({
        url: `api/mind/chats/${encodeURIComponent(id)}/`,
        method: 'PATCH',
        body: { title },
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'MindChat', id },
        { type: 'MindChat', id: 'LIST' },
      ],
    }),
    deleteMindChat: build.mutation<void, string>({
      query: (id) => ({ url: `api/mind/chats/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'MindChat', id: 'LIST' }],
    }),
    shareMindChat: build.mutation<MindShare, { id: string; expires_at?: string | null }>({
      query: ({ id, ...body }) => ({
        url: `api/mind/chats/${encodeURIComponent(id)}/share/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'MindChat', id },
        { type: 'MindChat', id: 'LIST' },
      ],
    }),
    revokeMindShare: build.mutation<void, string>({
      query: (id) => ({ url: `api/mind/chats/${encodeURIComponent(id)}/share/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'MindChat', id },
        { type: 'MindChat', id: 'LIST' },
      ],
    }),
    mindPreview: build.query<MindPreview, void>({
      query: () => 'api/mind/preview/',
    }),
    publicMindChat: build.query<MindPublicChat, string>({
      query: (id) => `api/mind/public/${encodeURIComponent(id)}/`,
    }),
  }),
})

export const {
  useAskMindMutation,
  useMindChatsQuery,
  useMindChatQuery,
  useRenameMindChatMutation,
  useDeleteMindChatMutation,
  useShareMindChatMutation,
  useRevokeMindShareMutation,
  usePublicMindChatQuery,
  useMindPreviewQuery,
} = mindApi
