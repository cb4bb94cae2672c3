// Who may call the chat routes, declared beside each path (spec section 6): the trading roles chat;
// compliance officers read their firm's chats, view only.
import { TRADING_ROLES } from '@bonds/domain'
import type { AccessRule } from '../../http/access.ts'

/** Who chats: the trading roles (Dealer, Trade Viewer, Back Office); compliance officers never. */
export const CHAT: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** Who reads chats: those who chat, and compliance officers (their firm's chats, view only). */
export const CHAT_READ: AccessRule = { roles: [...TRADING_ROLES, 'complianceofficer'] }
