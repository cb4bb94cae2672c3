// An extension point for other features: actions under a message of a trading group (e.g. "Create
// ticket" from a quote). The app hands a render function to the Chat tab; chat-core knows nothing
// of what the actions do.
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { createContext, use, type ReactNode } from 'react'

/** What a message action is given: the trading group, the message, and who is looking. */
export interface MessageActionContext {
  channel: ChatChannel
  message: ChatMessage
  /** The viewer's user id. */
  me: string
}

/** Renders the actions of one message (return null for none). */
export type RenderMessageActions = (context: MessageActionContext) => ReactNode

/** The render function in effect for the chat screen (none in the compliance view). */
export const MessageActionsContext = createContext<RenderMessageActions | null>(null)

/** Whether a message offers actions: a user's text message in a trading group. */
export function offersMessageActions(channel: ChatChannel, message: ChatMessage): boolean {
  return (
    channel.customType === 'trading group' &&
    message.messageType === 'user' &&
    message.message.trim() !== ''
  )
}

/** The actions of one message, when the screen has any and the message offers them. */
export function MessageActions(context: MessageActionContext) {
  const render = use(MessageActionsContext)
  if (!render || !offersMessageActions(context.channel, context.message)) return null
  return <>{render(context)}</>
}
