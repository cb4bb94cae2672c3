import '@bonds/ui-kit/styles.css'
import { BondsProvider, createAppRouter } from '@bonds/ui-kit'
import { RouterProvider } from 'react-router'
import { pages } from './routes.ts'

const router = createAppRouter({ app: 'find', pages })

/** The find app: theme and toasts around the router. */
export function App() {
  return (
    <BondsProvider>
      <RouterProvider router={router} />
    </BondsProvider>
  )
}
