// The signed-in account menu: a Mantine Menu (floating-ui), loaded when the avatar is first
// hovered, focused or pressed, so the popover code stays out of every app's initial JavaScript
// (the find budget, issue 5; dart's, issue 21). It opens at once: it replaces the avatar pressed.
import { Menu, Text } from '@mantine/core'
import {
  IconLifebuoy,
  IconListDetails,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react'
import type { AppName } from '@bonds/domain'
import { firmLinksFor, settingsLinksFor, type ShellAccount } from './account-links.ts'
import { AppLink } from './app-link.tsx'
import { useOpenedOnMount } from '../lazy/deferred.tsx'
import { AccountButton } from './account-button.tsx'
import { useShellHelp } from './help.tsx'

/** The account menu of a signed-in user. */
export default function AccountMenuPopover({
  app,
  account,
}: {
  app: AppName
  account: ShellAccount
}) {
  const openHelp = useShellHelp()
  // The avatar pressed was the stand-in: this one takes the focus and opens.
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  return (
    <Menu position="bottom-end" width={240} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <AccountButton ref={target} account={account} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {account.email}
          </Text>
        </Menu.Label>
        {firmLinksFor(account).map((item) => (
          <Menu.Item
            key={item.href}
            component={AppLink}
            href={item.href}
            app={app}
            underline="never"
            c="var(--mantine-color-text)"
            leftSection={<IconListDetails size={16} aria-hidden />}
          >
            {item.label}
          </Menu.Item>
        ))}
        {settingsLinksFor(account.roles).map((item) => (
          <Menu.Item
            key={item.href}
            component={AppLink}
            href={item.href}
            app={app}
            underline="never"
            c="var(--mantine-color-text)"
            leftSection={
              item.href === '/profile' ? (
                <IconUser size={16} aria-hidden />
              ) : (
                <IconSettings size={16} aria-hidden />
              )
            }
          >
            {item.label}
          </Menu.Item>
        ))}
        {openHelp ? (
          <Menu.Item
            onClick={openHelp}
            c="var(--mantine-color-text)"
            leftSection={<IconLifebuoy size={16} aria-hidden />}
          >
            Help and support
          </Menu.Item>
        ) : (
          // Without the app's support modal: the contact page, which files through it too.
          <Menu.Item
            component={AppLink}
            href="/contact"
            app={app}
            underline="never"
            c="var(--mantine-color-text)"
            leftSection={<IconLifebuoy size={16} aria-hidden />}
          >
            Help and support
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          component={AppLink}
          href="/auth/logout"
          app={app}
          underline="never"
          c="var(--mantine-color-text)"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
