// The dart app: theme, toasts, the session, build updates and the guarded router.
import '@bonds/ui-kit/styles.css'
import { startBondsApp } from '@bonds/auth'
import { pages } from './app/routes.ts'
import { appSession } from './app/session.ts'
import { BASE_PATH, BUILD_ID } from './env.ts'

void startBondsApp({ app: 'dart', pages, appSession, buildId: BUILD_ID, base: BASE_PATH })
