// What every accounts use case is given: the database, the clock, the outbox for e-mails, the box
// that seals exchange passwords, and the settings of this deployment.
import type { Db } from '../../db/index.ts'
import type { SessionsEnded } from '../../events/sessions.ts'
import type { secretBox } from '../../crypto.ts'
import type { Clock } from '../../server-module.ts'
import type { Outbox } from '../outbox/index.ts'

/** Whether an e-mail passed an OTP check for lite registration since an instant (auth's OTPs). */
export type LiteOtpChecked = (email: string, since: Date) => Promise<boolean>

/** What the accounts use cases run with. */
export interface AccountsContext {
  db: Db
  now: Clock
  outbox: Outbox
  box: ReturnType<typeof secretBox>
  publicUrl: string
  production: boolean
  liteOtpChecked: LiteOtpChecked
  /** Tell every instance a user's sessions must be opened again (their roles changed). */
  sessionsEnded: SessionsEnded
}
