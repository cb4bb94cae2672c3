// The connectivity group's notices (spec section 4): when the browser or the trade socket is
// offline, a persistent "You are offline"; back online, it clears and "Connected" shows. While it
// is mounted it keeps the trade socket open (the stream's subscription).
import { useTradeStreamQuery, type TradeSocketStatus } from '@bonds/api-client'
import { MESSAGES } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { Badge } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { useEffect, useRef } from 'react'

/** Id of the persistent offline notice. */
export const OFFLINE_NOTICE_ID = 'connectivity-offline'

/** Whether the workspace counts as offline: the browser is, or the socket is after connecting. */
export function isOffline(browserOnline: boolean, socket: TradeSocketStatus | undefined): boolean {
  return !browserOnline || socket === 'offline'
}

/** The live connection's state: the notices, and a small badge for the toolbar. */
export function ConnectivityNotices() {
  const { online: browserOnline } = useNetwork()
  const { data } = useTradeStreamQuery()
  const socket = data?.status
  const offline = isOffline(browserOnline, socket)
  const shown = useRef(false)

  useEffect(() => {
    if (offline && !shown.current) {
      shown.current = true
      toast.show({
        id: OFFLINE_NOTICE_ID,
        severity: 'warn',
        summary: MESSAGES.offline,
        group: 'connectivity',
        life: 0,
        closable: false,
      })
    } else if (!offline && shown.current && socket === 'online') {
      shown.current = false
      toast.clear(OFFLINE_NOTICE_ID)
      toast.show({ severity: 'success', summary: MESSAGES.connected, group: 'connectivity' })
    }
  }, [offline, socket])

  useEffect(
    () => () => {
      toast.clear(OFFLINE_NOTICE_ID)
    },
    [],
  )

  const label = offline ? 'Offline' : socket === 'online' ? 'Live' : 'Connecting'
  return (
    <Badge
      size="sm"
      variant="dot"
      color={offline ? 'red' : socket === 'online' ? 'teal' : 'gray'}
      role="status"
      aria-label={`Live updates: ${label}`}
    >
      {label}
    </Badge>
  )
}
