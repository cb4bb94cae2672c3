// The toolbar's "Panels" button, as the menu's target and as its stand-in before the menu's code.
import { Button } from '@mantine/core'
import { IconLayoutGrid } from '@tabler/icons-react'
import type { ComponentPropsWithRef } from 'react'

/** The "Panels" button. */
export function PanelsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconLayoutGrid size={14} aria-hidden />}
      {...props}
    >
      Panels
    </Button>
  )
}
