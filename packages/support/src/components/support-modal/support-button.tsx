// A button that opens the support modal: where a page offers "Get support".
import type { SupportTicketType } from '@bonds/domain'
import { Button, type ButtonProps } from '@mantine/core'
import { IconLifebuoy } from '@tabler/icons-react'
import { useState } from 'react'
import { SupportModal } from './support-modal.tsx'

/** Props of SupportButton. */
export interface SupportButtonProps {
  /** The button's text (default "Get support"). */
  label?: string
  /** The type chosen when the modal opens. */
  initialType?: SupportTicketType
  variant?: ButtonProps['variant']
}

/** A button opening the support modal. */
export function SupportButton({
  label = 'Get support',
  initialType,
  variant = 'light',
}: SupportButtonProps) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button
        variant={variant}
        leftSection={<IconLifebuoy size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <SupportModal
        opened={opened}
        onClose={() => setOpened(false)}
        {...(initialType ? { initialType } : {})}
      />
    </>
  )
}
