// A network entry's remove button, as the confirmation's target and as its stand-in.
import { ActionIcon } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { ComponentPropsWithRef } from 'react'

/** The remove button of the entry `name`. */
export function RemoveIcon({
  name,
  loading,
  ...rest
}: { name: string; loading: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="red"
      aria-label={`Remove ${name} from your network`}
      loading={loading}
      {...rest}
    >
      <IconTrash size={14} aria-hidden />
    </ActionIcon>
  )
}
