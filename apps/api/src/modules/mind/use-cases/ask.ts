// A question to the analyst: in a new chat (titled by the question) or continuing one of the
// caller's chats. Both messages are stored; the answer comes back in one JSON, and, for the page's
// stream (decision 280), as events while it is worked out: progress, the typed result, the text.
import { builtInPlanner, type Answer } from '@bonds/analyst/engine'
import type { MindAskRequest, MindAskResponse } from '@bonds/domain'
import { randomUUID } from 'node:crypto'
import type { AuthUser } from '../../../http/access.ts'
import { chatNotFound, type MindContext } from '../context.ts'
import { chatOf, insertChat, insertMessage, updateChat } from '../repo.ts'

/** A chat's title from its first question: at most this many characters. */
const TITLE_LENGTH = 80

function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim()
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1)}…`
}

/** What the stream sends before the stored answer (decision 280). */
export type AskEvent =
  | { event: 'progress'; data: { step: string } }
  | { event: 'result'; data: Pick<MindAskResponse, 'result' | 'bonds'> }
  | { event: 'text'; data: { delta: string } }

/** Receives the events of an answer being worked out (the JSON endpoint passes none). */
export type AskListener = (event: AskEvent) => void

/** Progress steps the page shows while it waits (before the answer's own steps). */
export const ASK_STEPS = {
  data: 'Reading the bond data',
  planning: 'Reading the question and choosing the tools',
  storing: 'Saving the answer to the chat',
} as const

/** The answer: the configured planner's, or the built-in one's when none is set or it fails. */
async function answer(
  context: MindContext,
  question: string,
  listen: AskListener,
): Promise<Answer> {
  listen({ event: 'progress', data: { step: ASK_STEPS.data } })
  const analyst = await context.analyst()
  const today = context.today()
  listen({ event: 'progress', data: { step: ASK_STEPS.planning } })
  if (context.planner) {
    try {
      return await analyst.ask(question, { today, planner: context.planner })
    } catch (error) {
      context.onPlannerError(error)
    }
  }
  return analyst.ask(question, { today, planner: builtInPlanner })
}

/** The text in pieces of a few words (with their spaces), as the stream sends it. */
export function textPieces(text: string, words = 4): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? []
  const pieces: string[] = []
  for (let i = 0; i < tokens.length; i += words) pieces.push(tokens.slice(i, i + words).join(''))
  return pieces
}

/** The caller's chat that `chat_id` continues (404 when it is not theirs), or undefined. */
export async function chatToContinue(context: MindContext, user: AuthUser, chatId?: string) {
  const existing = chatId ? await chatOf(context.db, user.id, chatId) : undefined
  if (chatId && !existing) throw chatNotFound()
  return existing
}

/** Ask the analyst; `chat_id` continues one of the caller's chats; `listen` gets the events. */
export async function ask(
  context: MindContext,
  user: AuthUser,
  request: MindAskRequest,
  listen: AskListener = () => {},
): Promise<MindAskResponse> {
  const { db, now } = context
  const existing = await chatToContinue(context, user, request.chat_id)
  const reply = await answer(context, request.question, listen)
  for (const step of reply.steps) listen({ event: 'progress', data: { step } })
  listen({ event: 'result', data: { result: reply.result, bonds: reply.bonds } })
  for (const delta of textPieces(reply.text)) listen({ event: 'text', data: { delta } })
  listen({ event: 'progress', data: { step: ASK_STEPS.storing } })
  const at = now()
  const chat =
    existing ??
    (await insertChat(db, {
      id: randomUUID(),
      userId: user.id,
      title: titleOf(request.question),
      at,
    }))
  await insertMessage(db, {
    id: randomUUID(),
    chatId: chat.id,
    role: 'user',
    text: request.question,
    answer: null,
    at,
  })
  const stored = await insertMessage(db, {
    id: randomUUID(),
    chatId: chat.id,
    role: 'analyst',
    text: reply.text,
    answer: {
      result: reply.result,
      bonds: reply.bonds,
      ...(reply.table ? { table: reply.table } : {}),
      ...(reply.chart ? { chart: reply.chart } : {}),
    },
    at: new Date(at.getTime() + 1),
  })
  if (existing) await updateChat(db, chat.id, { updatedAt: at })
  return {
    chat_id: chat.id,
    message_id: stored.id,
    text: reply.text,
    result: reply.result,
    bonds: reply.bonds,
    ...(reply.table ? { table: reply.table } : {}),
    ...(reply.chart ? { chart: reply.chart } : {}),
  }
}
