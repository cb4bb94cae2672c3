// Compile-time check that the real SDK's objects have the shapes `sdk.ts` describes (type imports
// only: nothing of the SDK is bundled by this file).
import type { SendbirdGroupChat } from '@sendbird/chat/groupChannel'
import type {
  GroupChannel,
  GroupChannelCollection,
  MessageCollection,
} from '@sendbird/chat/groupChannel'
import type { BaseMessage, MessageRequestHandler } from '@sendbird/chat/message'
import type {
  SbChat,
  SbChannelCollection,
  SbGroupChannel,
  SbMessage,
  SbMessageCollection,
  SbRequestHandler,
} from './sdk.ts'

type Holds<T extends true> = T
type Fits<Real, Ours> = Real extends Ours ? true : false

/** Each line fails to compile when the SDK stops matching what the provider relies on. */
export type SdkShapes = [
  Holds<Fits<BaseMessage, SbMessage>>,
  Holds<Fits<MessageRequestHandler, SbRequestHandler>>,
  Holds<Fits<MessageCollection, SbMessageCollection>>,
  Holds<Fits<GroupChannel, SbGroupChannel>>,
  Holds<Fits<GroupChannelCollection, SbChannelCollection>>,
  Holds<Fits<SendbirdGroupChat, SbChat>>,
]
