// The open channel's messages as the session shows them: the collection's (cached, then the
// server's, then live), my sends while pending or failed, and what a failed send needs to go again.
import type { ChatMessage } from '@bonds/domain'
import type { FileInput, MessageCollection, OutgoingMessage, Sending, TextInput } from '../port.ts'
import { mergeMessages } from '../providers/shared.ts'

const isAfter = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.messageId > b.messageId)

/** What a send was made of, to send it again with its request id. */
export type SendInput = ({ kind: 'text' } & TextInput) | ({ kind: 'file' } & FileInput)

/** The open channel's view. */
export interface MessageView {
  readonly collection: MessageCollection
  initialize(): Promise<void>
  /** Messages that arrived (oldest first): one merge and one new state for the lot. */
  receive(messages: readonly ChatMessage[]): void
  track(sending: Sending, input: SendInput): Sending
  /** The input of a failed send (null when it is not a failed send of this view). */
  failedInput(reqId: string): SendInput | null
  dispose(): void
}

/** Create the view of a collection; `changed` gets every new state. */
export function createMessageView(
  collection: MessageCollection,
  changed: (messages: ChatMessage[], outgoing: OutgoingMessage[]) => void,
): MessageView {
  let messages: ChatMessage[] = []
  const outgoing = new Map<string, { outgoing: OutgoingMessage; input: SendInput }>()
  let disposed = false
  const offs: (() => void)[] = []

  const publish = () => {
    if (!disposed)
      changed(
        messages,
        [...outgoing.values()].map((entry) => entry.outgoing),
      )
  }
  const merge = (incoming: readonly ChatMessage[]) => {
    messages = mergeMessages(messages, incoming)
  }

  offs.push(
    collection.subscribe((change) => {
      merge([...change.added, ...change.updated])
      if (change.removed.length > 0) {
        const gone = new Set(change.removed)
        messages = messages.filter((m) => !gone.has(String(m.messageId)))
      }
      publish()
    }),
  )

  return {
    collection,
    async initialize() {
      await collection.initialize({
        onCacheResult: (cached) => {
          messages = mergeMessages([], cached)
          publish()
        },
        onApiResult: (fresh) => {
          // The collection merged the server's page into its cache (older history kept when the
          // page overlaps it): its list is the truth up to its newest; what arrived after stays.
          const newest = fresh.at(-1)
          const arrived = newest ? messages.filter((m) => isAfter(m, newest)) : messages
          messages = mergeMessages(fresh, arrived)
          publish()
        },
      })
    },
    receive(incoming) {
      merge(incoming)
      publish()
    },
    track(sending, input) {
      const follow = (next: OutgoingMessage) => {
        if (next.state === 'succeeded' && next.message) {
          outgoing.delete(next.reqId)
          merge([next.message])
        } else {
          outgoing.set(next.reqId, { outgoing: next, input })
        }
        publish()
      }
      follow(sending.current())
      offs.push(sending.subscribe(follow))
      return sending
    },
    failedInput(reqId) {
      const entry = outgoing.get(reqId)
      return entry && entry.outgoing.state === 'failed' ? entry.input : null
    },
    dispose() {
      disposed = true
      for (const off of offs) off()
      collection.dispose()
    },
  }
}
