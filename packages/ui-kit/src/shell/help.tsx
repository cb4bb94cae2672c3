// "Help and support" in the account menu: what it opens is the app's (`@bonds/support`'s
// `SupportProvider` opens the support modal). Without a provider it is a link to /contact.
import { createContext, use, type ReactNode } from 'react'

const ShellHelpContext = createContext<(() => void) | null>(null)

/** Give the account menu its "Help and support" entry, which calls `open`. */
export function ShellHelpProvider({ open, children }: { open: () => void; children: ReactNode }) {
  return <ShellHelpContext value={open}>{children}</ShellHelpContext>
}

/** What "Help and support" opens, or null when the app offers none (the menu links /contact). */
export function useShellHelp(): (() => void) | null {
  return use(ShellHelpContext)
}
