import '@bonds/ui-kit/styles.css'
import { BondsApp } from '@bonds/auth'
import { BASE_PATH, BUILD_ID } from '../env.ts'
import { pages } from './routes.ts'
import { appSession } from './session.ts'

/** The marketing app: theme, toasts, the session, build updates and the guarded router. */
export function App() {
  return (
    <BondsApp
      app="marketing"
      pages={pages}
      appSession={appSession}
      buildId={BUILD_ID}
      base={BASE_PATH}
    />
  )
}
