import '@bonds/ui-kit/styles.css'
import { SessionProvider } from '@bonds/auth'
import { BondsProvider, createAppRouter } from '@bonds/ui-kit'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router'
import { pages } from './routes.ts'
import { guard, session } from './session.ts'

const router = createAppRouter({ app: 'marketing', pages, guard })

/** The marketing app: theme, toasts and the session around the guarded router. */
export function App() {
  useEffect(() => session.start(), [])
  return (
    <BondsProvider>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </BondsProvider>
  )
}
