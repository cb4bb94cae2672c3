import { Avatar, UnstyledButton } from '@mantine/core'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import type { ShellAccount } from './account-links.ts'

function initials(name: string, email: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  const letters = words.length > 0 ? words.map((w) => w[0]).join('') : email.slice(0, 1)
  return letters.slice(0, 2).toUpperCase()
}

/**
 * The button's accessible name: who is signed in, ending with the initials it shows, so a
 * speech-input user can say what they see (WCAG 2.5.3 Label in Name): "Account: Dev Dealer (DD)".
 */
function accountButtonLabel(account: Pick<ShellAccount, 'name' | 'email'>): string {
  return `Account: ${account.name || account.email} (${initials(account.name, account.email)})`
}

/** The avatar button that opens the account menu. */
export const AccountButton = forwardRef<
  HTMLButtonElement,
  { account: ShellAccount } & ComponentPropsWithoutRef<'button'>
>(function AccountButton({ account, ...rest }, ref) {
  return (
    <UnstyledButton ref={ref} aria-label={accountButtonLabel(account)} {...rest}>
      <Avatar size={30} radius="xl" color="blue">
        {initials(account.name, account.email)}
      </Avatar>
    </UnstyledButton>
  )
})
