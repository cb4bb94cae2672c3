// The small-screen navigation drawer, loaded when first opened: Mantine's Drawer (with its
// ScrollArea and popover positioning) stays out of every app's initial JavaScript.
import { Drawer, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** The drawer holding the main navigation on small screens. */
export default function NavDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  children: ReactNode
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} hiddenFrom="sm" size="xs">
      <Stack component="nav" aria-label="Main" gap="xs">
        {children}
      </Stack>
    </Drawer>
  )
}
