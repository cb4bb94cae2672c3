// Demo network (demo mode only): Demo Capital and Demo Securities are each other's partners, and
// Demo Capital keeps one offline record, entered through the network service a dealer's Build
// Network panel uses (docs/decisions/157). Once per database: a network the demo users change
// afterwards stays as they left it.
import type { OfflineRecordCreate } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/index.ts'
import { appMeta } from '../db/schema.ts'
import type { AuthUser } from '../http/access.ts'
import { authUserOf, userByEmail } from '../modules/accounts/index.ts'
import type { TokenService } from '../modules/auth/index.ts'
import type { NetworkService } from '../modules/network/index.ts'

const META_KEY = 'demo-network'

/** The counterparty Demo Capital records offline (a made-up bank: it trades by phone). */
export const DEMO_OFFLINE_RECORD: OfflineRecordCreate = {
  name: 'Sahyadri Demo Co-operative Bank',
  nsccl_code: null,
  iccl_code: null,
  contact_name: 'Treasury desk',
  email: 'treasury@sahyadri-bank.example',
  mobile: '9820000401',
}

async function signedIn(db: Db, tokens: TokenService, email: string) {
  const user = await userByEmail(db, email)
  if (!user) return null
  const { sessionId } = await tokens.openSession(user.id, { ip: '127.0.0.1' })
  const caller = (await authUserOf(db, user.id, sessionId)) as AuthUser
  return { caller, close: () => tokens.revoke(sessionId, 'demo network built') }
}

/**
 * Build the demo network once; returns the entries made (0 when built before, or when the demo
 * accounts are missing).
 */
export async function seedDemoNetwork(
  db: Db,
  network: NetworkService,
  tokens: TokenService,
): Promise<number> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY))
  if (done) return 0
  const dealer = await signedIn(db, tokens, 'dealer@demo.test')
  const broker = await signedIn(db, tokens, 'broker@demo.test')
  try {
    if (!dealer || !broker) return 0
    await network.addPartner(dealer.caller, { client_id: broker.caller.clientId }, '127.0.0.1')
    await network.addPartner(broker.caller, { client_id: dealer.caller.clientId }, '127.0.0.1')
    await network.createOfflineRecord(dealer.caller, DEMO_OFFLINE_RECORD, '127.0.0.1')
    await db
      .insert(appMeta)
      .values({ key: META_KEY, value: { seededAt: new Date().toISOString() } })
    return 3
  } finally {
    await dealer?.close()
    await broker?.close()
  }
}
