// The open chat's actions menu: invite people, download the chat, leave it. Loaded when its
// button is first hovered, focused or pressed (the Chat tab is in dart's first load, issue 21); it
// opens at once, in place of the button pressed.
import { useOpenedOnMount } from '@bonds/ui-kit'
import { Menu } from '@mantine/core'
import { IconDownload, IconLogout, IconUserPlus } from '@tabler/icons-react'
import { ChannelMenuButton } from './channel-menu-button.tsx'

/** Props of ChannelMenu: which actions to offer and what they do. */
export interface ChannelMenuProps {
  canInvite: boolean
  canLeave: boolean
  onInvite: () => void
  onDownload: () => void
  onLeave: () => void
}

/** The "Chat actions" button and its menu, opened. */
export default function ChannelMenu(props: ChannelMenuProps) {
  // The button pressed was the stand-in: this one takes the focus and opens.
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <ChannelMenuButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        {props.canInvite ? (
          <Menu.Item leftSection={<IconUserPlus size={14} aria-hidden />} onClick={props.onInvite}>
            Invite people
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={props.onDownload}>
          Download chat
        </Menu.Item>
        {props.canLeave ? (
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={14} aria-hidden />}
            onClick={props.onLeave}
          >
            Leave chat
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  )
}
