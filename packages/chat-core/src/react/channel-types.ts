// The channel types as people name them (the chat header's badge and the create form).
import type { ChatChannelType } from '@bonds/domain'

/** The channel types as people name them. */
export const CHANNEL_TYPE_LABELS: Record<ChatChannelType, string> = {
  direct: 'Direct chat',
  group: 'Group',
  'trading group': 'Trading group',
  broadcast: 'Broadcast list',
}
