// Demo clearing credentials (demo mode only): both demo firms store NSE Clearing credentials through
// the accounts service, as an Ops Admin does on /exchange-credentials, so a demo deal can be
// reported to the embedded clearing corporation (decision 223). The participant codes and
// passwords are the demo's own; nothing here exists in a server started without demo mode.
import type { Db } from '../db/index.ts'
import type { AuthUser } from '../http/access.ts'
import { authUserOf, userByEmail, type AccountsService } from '../modules/accounts/index.ts'
import type { TokenService } from '../modules/auth/index.ts'
import { sealedCredentials } from '../modules/tickets/index.ts'

/** Each demo firm's NSE Clearing participant code, keyed by the person who stores it. */
const DEMO_CLEARING: readonly { email: string; code: string }[] = [
  // Demo Capital's Ops Admin.
  { email: 'opsadmin@demo.test', code: 'DEMOCAP01' },
  // Demo Securities has one person, its broker, who keeps the firm's credentials.
  { email: 'broker@demo.test', code: 'DEMOSEC02' },
]

/** Store the demo firms' NSE Clearing credentials once; returns how many were stored. */
export async function seedDemoClearing(
  db: Db,
  accounts: AccountsService,
  tokens: TokenService,
): Promise<number> {
  let stored = 0
  for (const { email, code } of DEMO_CLEARING) {
    const user = await userByEmail(db, email)
    if (!user || (await sealedCredentials(db, user.clientId, 'NSCCL'))) continue
    const { sessionId } = await tokens.openSession(user.id, { ip: '127.0.0.1' })
    const caller = (await authUserOf(db, user.id, sessionId)) as AuthUser
    await accounts.saveCredentials(
      caller,
      {
        corp: 'NSCCL',
        participant_code: code,
        username: code.toLowerCase(),
        password: `${code}-demo-clearing`,
      },
      { ip: '127.0.0.1' },
    )
    await tokens.revoke(sessionId, 'demo seeding done')
    stored += 1
  }
  return stored
}
