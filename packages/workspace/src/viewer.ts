// What the workspace needs of the session: the user's client, whether they may change the network
// and whether their firm may trade (the server checks all of it again).
import { PERMISSIONS, type ChatChannelType, type LoggedInUser, type Role } from '@bonds/domain'

/** Roles that may change the firm's network (decision 151); Trade Viewers read it. */
const NETWORK_EDITORS: readonly Role[] = ['clientdealer', 'backoffice', 'clientopsadmin']

/** The session, as the workspace's panels see it. */
export interface WorkspaceViewer {
  clientId: string
  canEdit: boolean
  canTrade: boolean
  /** The user may quote off the calculator (the spec's unnamed price-override role, decision 260). */
  canOverridePrice: boolean
  /** The chats this user may start (only a Dealer opens a trading group, decision 160). */
  chatTypes: readonly ChatChannelType[]
  /** The user’s roles (the ticket screens offer only what a role may do). */
  roles: readonly string[]
}

const DEALER_CHATS: readonly ChatChannelType[] = ['direct', 'group', 'trading group', 'broadcast']
const OTHER_CHATS: readonly ChatChannelType[] = ['direct', 'group', 'broadcast']

/** The viewer of a session's user (none yet: nothing allowed). */
export function workspaceViewer(user: LoggedInUser | null): WorkspaceViewer {
  if (!user) {
    return {
      clientId: '',
      canEdit: false,
      canTrade: false,
      canOverridePrice: false,
      chatTypes: OTHER_CHATS,
      roles: [],
    }
  }
  const roles = user.user_info.roles
  return {
    clientId: user.user_accounts[0]?.client_id ?? '',
    canEdit: NETWORK_EDITORS.some((role) => roles.includes(role)),
    canTrade: user.permissions.includes(PERMISSIONS.canTrade),
    canOverridePrice: user.permissions.includes(PERMISSIONS.priceOverride),
    chatTypes: roles.includes('clientdealer') ? DEALER_CHATS : OTHER_CHATS,
    roles,
  }
}
