// Demo accounts (demo mode only): they enter through the same services a user's actions use.
// Clients are onboarded, the Ops Admin invites colleagues, each registers from the e-mailed link.
import type { RegistrationPayload, Role } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/index.ts'
import { appMeta } from '../db/schema.ts'
import type { AuthUser } from '../http/access.ts'
import { authUserOf, userByEmail, type AccountsService } from '../modules/accounts/index.ts'
import type { AuthService, TokenService } from '../modules/auth/index.ts'
import type { Outbox } from '../modules/outbox/index.ts'

/** The password of every demo account (listed in the README). */
export const DEMO_PASSWORD = 'Demo@12345'

/** Demo Capital's colleagues, invited by its Ops Admin. */
export const DEMO_CAPITAL_USERS: readonly {
  email: string
  first: string
  last: string
  roles: Role[]
}[] = [
  { email: 'dealer@demo.test', first: 'Dev', last: 'Dealer', roles: ['clientdealer'] },
  { email: 'viewer@demo.test', first: 'Vidya', last: 'Viewer', roles: ['clientviewer'] },
  { email: 'backoffice@demo.test', first: 'Bala', last: 'Office', roles: ['backoffice'] },
  {
    email: 'compliance@demo.test',
    first: 'Chitra',
    last: 'Compliance',
    roles: ['complianceofficer'],
  },
  { email: 'researcher@demo.test', first: 'Rahul', last: 'Researcher', roles: ['dataviewer'] },
  { email: 'user@demo.test', first: 'Usha', last: 'Basic', roles: ['user'] },
]

const META_KEY = 'demo-accounts'

function person(
  email: string,
  first: string,
  last: string,
  mobile: string,
  pan: string,
): RegistrationPayload {
  return {
    auth_mode: 'password',
    pan,
    password: DEMO_PASSWORD,
    identity: { first_name: first, last_name: last },
    client_type: 'CORP',
    category: null,
    corporate_identity: null,
    contact: { email, mobile, whatsapp_consent: false },
  }
}

/** Create the demo clients and accounts once; a no-op when they exist. Returns accounts made. */
export async function seedDemoAccounts(
  db: Db,
  accounts: AccountsService,
  outbox: Outbox,
  tokens: TokenService,
  auth: AuthService,
): Promise<number> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY))
  if (done || (await userByEmail(db, 'opsadmin@demo.test'))) return 0
  let made = 0

  const capital = await accounts.bootstrapClient({
    client: {
      name: 'Demo Capital',
      clientType: 'CORP',
      tier: 'PREMIUM',
      rfqExchanges: ['NSE', 'BSE'],
      stpExchanges: ['NSE'],
    },
    user: person('opsadmin@demo.test', 'Omkar', 'Admin', '9800000001', 'AAACD1234A'),
    roles: ['clientopsadmin'],
  })
  made += 1
  // The Ops Admin signs in and invites colleagues, as in /manage-users.
  const { sessionId } = await tokens.openSession(capital.userId, { ip: '127.0.0.1' })
  const admin = (await authUserOf(db, capital.userId, sessionId)) as AuthUser
  for (const [i, colleague] of DEMO_CAPITAL_USERS.entries()) {
    await accounts.invite(
      admin,
      {
        email: colleague.email,
        first_name: colleague.first,
        last_name: colleague.last,
        roles: colleague.roles,
      },
      { ip: '127.0.0.1' },
    )
    const [mail] = await outbox.latest(colleague.email, 1)
    const code = /invite_code=([\w-]+)/.exec(mail?.body ?? '')?.[1]
    if (!code) throw new Error(`demo seed: no invitation e-mail for ${colleague.email}`)
    await accounts.register(
      {
        ...person(
          colleague.email,
          colleague.first,
          colleague.last,
          `98000001${String(i).padStart(2, '0')}`,
          'AAACD1234A',
        ),
        invite_code: code,
      },
      { ip: '127.0.0.1' },
    )
    made += 1
  }
  await tokens.revoke(sessionId, 'demo seeding done')

  await accounts.bootstrapClient({
    client: {
      name: 'Demo Securities',
      clientType: 'CORP',
      tier: 'BASIC',
      isBroker: true,
      rfqExchanges: ['NSE', 'BSE'],
    },
    user: person('broker@demo.test', 'Bharat', 'Broker', '9800000201', 'AAACS5678B'),
    roles: ['clientdealer'],
  })
  made += 1

  // A third firm on NSE RFQ: an RFQ to several firms has more than one to go to (decision 359).
  await accounts.bootstrapClient({
    client: {
      name: 'Demo Funds',
      clientType: 'CORP',
      tier: 'BASIC',
      rfqExchanges: ['NSE'],
    },
    user: person('funds@demo.test', 'Farah', 'Funds', '9800000251', 'AAACF2468C'),
    roles: ['clientdealer'],
  })
  made += 1

  // The investor signs up alone: an e-mail OTP, then the lite registration.
  await auth.requestOtp({ email: 'investor@demo.test', request_type: 'easy_register' })
  const [otpMail] = await outbox.latest('investor@demo.test', 1)
  const otp = /\b(\d{6})\b/.exec(otpMail?.body ?? '')?.[1]
  if (!otp) throw new Error('demo seed: no OTP e-mail for investor@demo.test')
  await auth.validateOtp({ email: 'investor@demo.test', otp, request_type: 'easy_register' })
  await accounts.registerLite(
    {
      ...person('investor@demo.test', 'Indira', 'Investor', '9800000301', 'ABCPI4321K'),
      client_type: 'INDV',
      category: 'RTL',
    },
    { ip: '127.0.0.1' },
  )
  made += 1

  await db.insert(appMeta).values({ key: META_KEY, value: { seededAt: new Date().toISOString() } })
  return made
}
