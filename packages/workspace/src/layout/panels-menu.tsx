// The toolbar's "Panels" menu: open or show a panel (with its shortcut), or reset the layout.
// Loaded when the button is first hovered, focused or pressed (dart's first load, issue 21); it
// opens at once, in place of the button pressed.
import { useOpenedOnMount } from '@bonds/ui-kit'
import { Kbd, Menu, Text } from '@mantine/core'
import { IconCheck, IconRestore } from '@tabler/icons-react'
import type { PanelInfo } from './model.ts'
import { PanelsButton } from './panels-button.tsx'

/** Props of PanelsMenu. */
export interface PanelsMenuProps {
  panels: readonly PanelInfo[]
  /** Ids of the panels open in the layout. */
  open: readonly string[]
  onShow: (panel: PanelInfo) => void
  onReset: () => void
}

/** The "Panels" button and its menu, opened. */
export default function PanelsMenu({ panels, open, onShow, onReset }: PanelsMenuProps) {
  // The button pressed was the stand-in: this one takes the focus and opens.
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  return (
    <Menu position="bottom-start" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <PanelsButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Open or show a panel</Menu.Label>
        {panels.map((panel, index) => (
          <Menu.Item
            key={panel.id}
            onClick={() => onShow(panel)}
            leftSection={
              open.includes(panel.id) ? (
                <IconCheck size={14} aria-label="open" />
              ) : (
                <span style={{ display: 'inline-block', width: 14 }} />
              )
            }
            rightSection={
              index < 9 ? (
                <Text size="xs" c="dimmed">
                  <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Alt</Kbd>+
                  <Kbd size="xs">{index + 1}</Kbd>
                </Text>
              ) : null
            }
          >
            {panel.title}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconRestore size={14} aria-hidden />} onClick={onReset}>
          Reset layout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
