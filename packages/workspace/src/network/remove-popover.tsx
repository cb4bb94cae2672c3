// "Remove … from your network?": the confirmation under a network entry's remove button. Loaded
// when the button is first hovered, focused or pressed (Build Network is in dart's first load,
// issue 21); it opens at once, in place of the button pressed.
import { useOpenedOnMount } from '@bonds/ui-kit'
import { Button, Group, Popover, Stack, Text } from '@mantine/core'
import { RemoveIcon } from './remove-icon.tsx'

/** Props of RemovePopover. */
export interface RemovePopoverProps {
  name: string
  loading: boolean
  onRemove: () => void
}

/** The remove button with its confirmation, opened. */
export default function RemovePopover({ name, loading, onRemove }: RemovePopoverProps) {
  // The button pressed was the stand-in: this one takes the focus and opens.
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  const close = () => onChange(false)
  const toggle = () => onChange(!opened)
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <RemoveIcon ref={target} name={name} loading={loading} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm">Remove {name} from your network?</Text>
          <Group gap={6} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={close}>
              Keep
            </Button>
            <Button
              size="compact-xs"
              color="red"
              onClick={() => {
                close()
                onRemove()
              }}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
