// POST /api/chat/channels/{url}/messages/ (and the socket's send): a user message or a buzz from a
// joined member, idempotent on (sender, reqId): the same reqId again answers the message already
// sent and tells no one twice. In a broadcast list the message also goes to each recipient's
// direct channel with its creator (spec sections 1 and 4). A user sends at most CHAT_SEND_LIMIT
// messages and files in CHAT_SEND_WINDOW_MS (429; decision 278). The first link's preview is fetched on
// the server before the message is stored (decision 276), within the previewer's time limit. In a
// channel linked to WhatsApp, the text goes to its number before it is stored (decision 279).
import {
  CHAT_CUSTOM_TYPES,
  CHAT_MESSAGES as CM,
  type ChatMessage,
  type ChatSend,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { Profile } from '../people.ts'
import {
  bad,
  chatter,
  forbidden,
  memberChannel,
  transaction,
  type ChatContext,
} from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { countSendsSince, messageByReqId } from '../messages-repo.ts'
import { fanOutBroadcast, postMessage, type NewMessage } from '../posting.ts'
import { messageFor } from '../message-view.ts'
import { membersOf } from '../repo.ts'
import { firstLink } from '../outside/link-preview.ts'

/** What a send answers: the message as the sender sees it, and whether it is new. */
export interface Sent {
  message: ChatMessage
  created: boolean
}

/** A 429 when the user has sent CHAT_SEND_LIMIT messages and files in the window. */
export async function checkSendLimit(context: ChatContext, userId: string): Promise<void> {
  const { max, windowMs } = context.sendLimit
  const since = new Date(context.now().getTime() - windowMs)
  if ((await countSendsSince(context.db, userId, since)) >= max) {
    throw new HttpError(429, CM.sendRateLimited)
  }
}

/** Post a message from a joined member (shared by text and file sends). */
export async function sendAs(
  context: ChatContext,
  me: Profile,
  url: string,
  message: Omit<NewMessage, 'senderId'> & { reqId: string },
): Promise<Sent> {
  const { db } = context
  const earlier = await messageByReqId(db, me.userId, message.reqId)
  if (earlier) return { message: await messageFor(db, earlier, me), created: false }
  const at = context.now()
  await checkSendLimit(context, me.userId)
  const outcome = await transaction(db, async (tx) => {
    const { channel, me: member } = await memberChannel(tx, me.userId, url, { lock: true })
    if (member.state !== 'joined') throw forbidden(CM.notJoined)
    if (channel.customType === 'broadcast' && message.customType === CHAT_CUSTOM_TYPES.buzz) {
      throw bad('customType', CM.broadcastBuzz)
    }
    const posted = await postMessage(tx, channel, { ...message, senderId: me.userId }, at)
    if (!posted.message) return null
    const entries = [...posted.entries]
    if (channel.customType === 'broadcast') {
      const members = await membersOf(tx, [url])
      entries.push(...(await fanOutBroadcast(tx, channel, posted.message, members, at)))
    }
    // The sender's own event is the view the answer gives (read again only if there is none).
    const mine = posted.entries.find(
      (entry) => entry.userId === me.userId && entry.event.kind === 'message',
    )?.event
    const view = mine?.kind === 'message' ? mine.message : null
    return { message: posted.message, view, items: await appendEvents(tx, entries, at) }
  })
  if (!outcome) {
    // Another request with this reqId won the race: answer what it stored.
    const stored = (await messageByReqId(db, me.userId, message.reqId))!
    return { message: await messageFor(db, stored, me), created: false }
  }
  await context.events.deliver(outcome.items)
  return { message: outcome.view ?? (await messageFor(db, outcome.message, me)), created: true }
}

/** A linked channel's message goes to its WhatsApp number first; failing, nothing is stored. */
async function forwardToWhatsapp(context: ChatContext, me: Profile, url: string, text: string) {
  const whatsapp = context.outside.whatsapp
  if (!whatsapp) return
  const { channel, me: member } = await memberChannel(context.db, me.userId, url)
  if (!channel.whatsappNumber || member.state !== 'joined') return
  await checkSendLimit(context, me.userId)
  try {
    await whatsapp.api.sendText(channel.whatsappNumber, `${me.nickname}: ${text}`)
  } catch {
    throw new HttpError(502, CM.whatsappUnavailable)
  }
}

/** Send a user message or a buzz. */
export async function sendMessage(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatSend,
): Promise<Sent> {
  const me = await chatter(context, caller)
  const buzz = body.customType === CHAT_CUSTOM_TYPES.buzz
  const fresh = !(await messageByReqId(context.db, me.userId, body.reqId))
  const link = buzz ? null : firstLink(body.message)
  const previews = context.outside.previews
  const ogMetaData = link && previews && fresh ? await previews(link) : null
  if (fresh && !buzz) await forwardToWhatsapp(context, me, url, body.message)
  return sendAs(context, me, url, {
    ogMetaData,
    reqId: body.reqId,
    messageType: 'user',
    message: body.message,
    customType: buzz ? CHAT_CUSTOM_TYPES.buzz : '',
    data: buzz ? JSON.stringify({ type: CHAT_CUSTOM_TYPES.buzz }) : '',
  })
}
