// The support modal behind the account menu's "Help and support": an app wraps its pages in
// `SupportProvider` (through `startBondsApp`'s `helpProvider`). The modal's code loads the first
// time it opens, so no app's first load carries it.
import { ShellHelpProvider } from '@bonds/ui-kit'
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react'

const SupportModal = lazy(() =>
  import('./support-modal.tsx').then((m) => ({ default: m.SupportModal })),
)

/** Provide "Help and support" to the account menu; it opens the support modal. */
export function SupportProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false)
  // Mounted once opened, so it can animate closed; never before (its code is not loaded yet).
  const [wanted, setWanted] = useState(false)
  const open = useCallback(() => {
    setWanted(true)
    setOpened(true)
  }, [])
  return (
    <ShellHelpProvider open={open}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SupportModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </ShellHelpProvider>
  )
}
