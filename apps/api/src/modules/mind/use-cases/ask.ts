// A question to the analyst: in a new chat (titled by the question) or continuing one of the
// caller's chats. Both messages are stored; the answer comes back in one JSON.
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

/** The answer: the configured planner's, or the built-in one's when none is set or it fails. */
async function answer(context: MindContext, question: string): Promise<Answer> {
  const analyst = await context.analyst()
  const today = context.today()
  if (context.planner) {
    try {
      return await analyst.ask(question, { today, planner: context.planner })
    } catch (error) {
      context.onPlannerError(error)
    }
  }
  return analyst.ask(question, { today, planner: builtInPlanner })
}

/** Ask the analyst; `chat_id` continues one of the caller's chats. */
export async function ask(
  context: MindContext,
  user: AuthUser,
  request: MindAskRequest,
): Promise<MindAskResponse> {
  const { db, now } = context
  const existing = request.chat_id ? await chatOf(db, user.id, request.chat_id) : undefined
  if (request.chat_id && !existing) throw chatNotFound()
  const reply = await answer(context, request.question)
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
