// The chat's connectivity notices (spec section 4): the chat going offline shows the persistent
// "You are offline" in the connectivity group; back online it clears and "Connected" shows.
import { MESSAGES } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { useEffect, useRef } from 'react'
import type { ChatStatus } from '../session/session.ts'

/** Id of the chat's persistent offline notice. */
export const CHAT_OFFLINE_NOTICE_ID = 'chat-connectivity-offline'

/** Show and clear the notices as the session's status changes. */
export function useChatConnectivityNotices(status: ChatStatus): void {
  const shown = useRef(false)
  useEffect(() => {
    if (status === 'offline' && !shown.current) {
      shown.current = true
      toast.show({
        id: CHAT_OFFLINE_NOTICE_ID,
        severity: 'warn',
        summary: MESSAGES.offline,
        group: 'connectivity',
        life: 0,
        closable: false,
      })
    } else if (status === 'online' && shown.current) {
      shown.current = false
      toast.clear(CHAT_OFFLINE_NOTICE_ID)
      toast.show({ severity: 'success', summary: MESSAGES.connected, group: 'connectivity' })
    }
  }, [status])
  useEffect(
    () => () => {
      if (shown.current) toast.clear(CHAT_OFFLINE_NOTICE_ID)
    },
    [],
  )
}
