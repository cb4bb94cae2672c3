// The open chat's "Chat actions" button, as the menu's target and as its stand-in.
import { Button } from '@mantine/core'
import { IconDotsVertical } from '@tabler/icons-react'
import type { ComponentPropsWithRef } from 'react'

/** The "Chat actions" button. */
export function ChannelMenuButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button size="compact-xs" variant="subtle" aria-label="Chat actions" {...props}>
      <IconDotsVertical size={14} aria-hidden />
    </Button>
  )
}
