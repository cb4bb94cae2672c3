// mind, the analyst chat (spec sections 1, 2, 6; issue 23; decision 246): the question
// `POST api/mind/ask/` takes and the answer it gives, the researcher's stored chats, and a chat
// shared read-only at /mind/public/{id}.
import { z } from './runtime.ts'
import { hasControlCharacters, QUERY_MESSAGES, strictShape } from './query.ts'

/** Messages of mind's requests (chosen: the spec shows none). */
export const MIND_MESSAGES = {
  questionRequired: 'Ask a question',
  questionTooLong: 'A question is at most 1000 characters',
  titleRequired: 'Give the chat a title',
  titleTooLong: 'A title is at most 120 characters',
  expiryPast: 'The expiry must be in the future',
  chatNotFound: 'Chat not found',
  publicNotFound: 'This shared chat does not exist, was revoked or has expired',
} as const

/** Longest question, in characters. */
export const MIND_QUESTION_MAX = 1000

/** The typed result of an answer: what the page shows first. */
export const mindResultSchema = z.object({
  kind: z.enum(['bond', 'bonds', 'count', 'number', 'date', 'declined']),
  value: z.union([z.string(), z.array(z.string()), z.number(), z.null()]),
  unit: z.enum(['%', 'bp', '₹ per 100']).optional(),
})
/** A bond an answer names (linked to /security/{id}). */
export const mindBondSchema = z.object({ id: z.string(), isin: z.string(), name: z.string() })
/** A table of an answer (downloadable as CSV). */
export const mindTableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
})
/** A curve of an answer: x in years to maturity. */
export const mindChartSchema = z.object({
  title: z.string(),
  yLabel: z.string(),
  points: z.array(z.object({ x: z.number(), y: z.number(), id: z.string(), name: z.string() })),
})

/** `POST api/mind/ask/`: a question, in a new chat or continuing one. */
export const mindAskRequestSchema = strictShape({
  question: z
    .string({ error: MIND_MESSAGES.questionRequired })
    .trim()
    .min(1, MIND_MESSAGES.questionRequired)
    .max(MIND_QUESTION_MAX, MIND_MESSAGES.questionTooLong)
    .refine((v) => !hasControlCharacters(v.replace(/\n/g, ' ')), QUERY_MESSAGES.controlCharacters),
  chat_id: z.string().min(1).max(64).optional(),
})

/** The answer of `POST api/mind/ask/`. */
export const mindAskResponseSchema = z.object({
  chat_id: z.string(),
  message_id: z.string(),
  text: z.string(),
  result: mindResultSchema,
  bonds: z.array(mindBondSchema),
  table: mindTableSchema.optional(),
  chart: mindChartSchema.optional(),
})

/** One message of a chat: the researcher's question or the analyst's answer. */
export const mindMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'analyst']),
  text: z.string(),
  result: mindResultSchema.nullable(),
  bonds: z.array(mindBondSchema),
  table: mindTableSchema.optional(),
  chart: mindChartSchema.optional(),
  created_at: z.string(),
})

/** How a chat is shared, or null. */
export const mindShareSchema = z.object({
  public_id: z.string(),
  path: z.string(),
  shared_at: z.string(),
  expires_at: z.string().nullable(),
})

/** A chat in the researcher's history. */
export const mindChatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  share: mindShareSchema.nullable(),
})
/** `GET api/mind/chats/`. */
export const mindChatListSchema = z.object({ results: z.array(mindChatSummarySchema) })
/** `GET api/mind/chats/{id}/`. */
export const mindChatSchema = mindChatSummarySchema.extend({ messages: z.array(mindMessageSchema) })

/** `PATCH api/mind/chats/{id}/`: rename. */
export const mindRenameRequestSchema = strictShape({
  title: z
    .string({ error: MIND_MESSAGES.titleRequired })
    .trim()
    .min(1, MIND_MESSAGES.titleRequired)
    .max(120, MIND_MESSAGES.titleTooLong),
})

/** `POST api/mind/chats/{id}/share/`: publish, optionally until an expiry. */
export const mindShareRequestSchema = strictShape({
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
})

/** `GET api/mind/public/{id}/`: a shared chat, read-only, without account data. */
export const mindPublicChatSchema = z.object({
  title: z.string(),
  shared_at: z.string(),
  expires_at: z.string().nullable(),
  messages: z.array(mindMessageSchema),
})

/** `GET api/mind/preview/`: a few example questions answered live, for visitors. */
export const mindPreviewSchema = z.object({
  examples: z.array(
    z.object({
      question: z.string(),
      text: z.string(),
      result: mindResultSchema,
      bonds: z.array(mindBondSchema),
      table: mindTableSchema.optional(),
    }),
  ),
})

export type MindPreview = z.infer<typeof mindPreviewSchema>
export type MindAskRequest = z.infer<typeof mindAskRequestSchema>
export type MindAskResponse = z.infer<typeof mindAskResponseSchema>
export type MindMessage = z.infer<typeof mindMessageSchema>
export type MindChatSummary = z.infer<typeof mindChatSummarySchema>
export type MindChat = z.infer<typeof mindChatSchema>
export type MindChatList = z.infer<typeof mindChatListSchema>
export type MindShare = z.infer<typeof mindShareSchema>
export type MindPublicChat = z.infer<typeof mindPublicChatSchema>
export type MindResult = z.infer<typeof mindResultSchema>
export type MindTable = z.infer<typeof mindTableSchema>
export type MindChart = z.infer<typeof mindChartSchema>
