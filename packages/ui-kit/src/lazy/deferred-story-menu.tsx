// The story's real menu, as a module of its own so the story loads it the way screens do.
import { Button, Menu } from '@mantine/core'
import { useOpenedOnMount } from './deferred.tsx'

/** A "Layout" button with its menu, opened at once (it replaces the stand-in pressed). */
export default function StoryMenu() {
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  return (
    <Menu opened={opened} onChange={onChange} withinPortal>
      <Menu.Target>
        <Button ref={target} variant="light" size="xs">
          Layout
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Show Build Network</Menu.Item>
        <Menu.Item>Reset layout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
