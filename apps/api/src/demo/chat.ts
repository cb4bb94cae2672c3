// Demo chats (demo mode only; decision 160): Demo Capital's dealer and Demo Securities' broker share
// a trading group holding a morning's desk talk (runs, a negotiation on the 10-year, an SDL look),
// the broker's runs go out on a broadcast list, and there are direct chats across and within the
// firms. Everything is entered through the chat service's use cases, as the users would, at
// times over the last three hours. Once per database.
import type { ChatFileType } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/index.ts'
import { appMeta } from '../db/schema.ts'
import type { AuthUser } from '../http/access.ts'
import type { Clock } from '../server-module.ts'
import { authUserOf, userByEmail, type AccountsService } from '../modules/accounts/index.ts'
import type { TokenService } from '../modules/auth/index.ts'
import type { ChatService } from '../modules/chat/index.ts'

const META_KEY = 'demo-chat'

/** Who speaks in the demo chats. */
type Speaker = 'dealer' | 'broker' | 'viewer' | 'backoffice'

/** One line of the trading group: minutes after the start, who, what. */
type Line = [number, Speaker, string]

/** The trading group's morning, in Indian bond-desk shorthand (yields in %, sizes in crore). */
export const DEMO_DESK_TALK: readonly Line[] = [
  [5, 'broker', 'Gm Dev. Morning runs 👇'],
  [
    6,
    'broker',
    '6.54 GS 32  7.0425/7.0375  25/25\n7.18 GS 33  7.0950/7.0900  50/25\n7.10 GS 34  7.1050/7.1000  25/25\n7.18 GS 37  7.2050/7.1975  10/10\nT+1, NDS-OM. Sizes in cr',
  ],
  [14, 'dealer', 'Gm Bharat. Colour on 32s? Heard PSUs lifting since open'],
  [
    15,
    'broker',
    '2-3 PSU banks on the bid, 10y printed 7.04 at open. Volumes thin, street waiting for the SDL cut-offs at noon',
  ],
  [24, 'dealer', 'Need 25 cr 6.54 GS 32 for the treasury book. Can you work 7.0400 for 25?'],
  [26, 'broker', 'Offer firm at 7.0375 for 25, seller won’t move before the auction. Best 7.0390'],
  [28, 'dealer', '7.0395 and we close. T+1, ICCL settlement'],
  [36, 'broker', 'Chkd. Seller ok at 7.0395 for 15 cr only. Balance 10 at 7.0375'],
  [38, 'dealer', 'Fine. 15 @ 7.0395 done. Leave the 10 for now, will revert post auction'],
  [39, 'broker', 'Done ✅ 15 cr 6.54 GS 2032 @ 7.0395% yld, T+1, your buy. Ticket to follow'],
  [112, 'dealer', 'Any update on SDLs? Maha 34 looks cheap vs GS 34'],
  [116, 'broker', 'Maha SDL 2034 indicative 7.32/7.29. Can show 10 cr offer at 7.30'],
  [119, 'dealer', 'Bid 7.3150 for 10'],
  [164, 'broker', 'Cut-offs out: Maha 10y at 7.3050. Seller holds 7.30 for 10. Lift?'],
  [166, 'dealer', 'Pass for now. Keep me posted on the balance 10 cr of 32s'],
  [171, 'broker', 'Sure. Seller may give 7.0385 for the 10 after lunch, will ping'],
]

/** The broker's runs sheet, sent as a file in the trading group. */
const RUNS_SHEET =
  'security,isin,bid_yield,offer_yield,bid_cr,offer_cr\n' +
  '6.54% GS 2032,IN0020210244,7.0425,7.0375,25,25\n' +
  '7.18% GS 2033,IN0020230085,7.0950,7.0900,50,25\n' +
  '7.10% GS 2034,IN0020240019,7.1050,7.1000,25,25\n' +
  '7.18% GS 2037,IN0020230101,7.2050,7.1975,10,10\n'

const EMAILS: Record<Speaker, string> = {
  dealer: 'dealer@demo.test',
  broker: 'broker@demo.test',
  viewer: 'viewer@demo.test',
  backoffice: 'backoffice@demo.test',
}

/**
 * Enter the demo chats once; returns the messages sent (0 when entered before, or when the demo
 * accounts are missing). `serviceAt` gives the chat's use cases on a clock of the demo's times.
 */
export async function seedDemoChat(
  db: Db,
  serviceAt: (clock: Clock) => ChatService,
  accounts: AccountsService,
  tokens: TokenService,
): Promise<number> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY))
  if (done) return 0
  const who = {} as Record<Speaker, AuthUser>
  const sessions: string[] = []
  try {
    for (const [speaker, email] of Object.entries(EMAILS) as [Speaker, string][]) {
      const user = await userByEmail(db, email)
      if (!user) return 0
      const { sessionId } = await tokens.openSession(user.id, { ip: '127.0.0.1' })
      sessions.push(sessionId)
      who[speaker] = (await authUserOf(db, user.id, sessionId)) as AuthUser
      // First use of chat: the terms are accepted, as on the Chat tab.
      await accounts.chatTerms(who[speaker], true)
    }
    const start = Date.now() - 3 * 60 * 60 * 1000
    const at = (minutes: number) => serviceAt(() => new Date(start + minutes * 60_000))
    let sent = 0
    const say = async (
      url: string,
      minutes: number,
      speaker: Speaker,
      text: string,
      id: string,
    ) => {
      await at(minutes).sendMessage(who[speaker], url, { reqId: `demo-${id}`, message: text })
      sent += 1
    }

    const group = await at(0).createChannel(who.dealer, {
      customType: 'trading group',
      name: 'Demo Capital × Demo Securities · G-sec desk',
      invitedUserIds: [who.broker.id],
    })
    const desk = group.channel.url
    await at(2).accept(who.broker, desk)
    for (const [i, [minutes, speaker, text]] of DEMO_DESK_TALK.entries()) {
      await say(desk, minutes, speaker, text, `desk-${i + 1}`)
      if (i === 1) {
        const file: ChatFileType = 'text/csv'
        await at(7).sendFile(
          who.broker,
          desk,
          { reqId: 'demo-desk-runs', fileName: 'runs-morning.csv', mimeType: file },
          Buffer.from(RUNS_SHEET),
        )
        sent += 1
      }
      if (i === 12) await at(120).markRead(who.dealer, desk)
    }
    await at(172).markRead(who.broker, desk)

    // Direct chats: across the firms, and within Demo Capital (the ticket to back office).
    const direct = await at(40).createChannel(who.broker, {
      customType: 'direct',
      invitedUserIds: [who.dealer.id],
    })
    await at(41).accept(who.dealer, direct.channel.url)
    await say(direct.channel.url, 42, 'broker', 'Dev, call you in 5 re the balance 32s', 'dm-1')
    await say(direct.channel.url, 43, 'dealer', 'Ok, on the desk line', 'dm-2')
    const office = await at(44).createChannel(who.dealer, {
      customType: 'direct',
      invitedUserIds: [who.backoffice.id],
    })
    await at(46).accept(who.backoffice, office.channel.url)
    await say(
      office.channel.url,
      47,
      'dealer',
      'Bala, bought 15 cr 6.54 GS 2032 from Demo Securities @ 7.0395, T+1. Pls block ICCL funds',
      'office-1',
    )
    await say(
      office.channel.url,
      52,
      'backoffice',
      'Noted. Funds blocked, will confirm on settlement',
      'office-2',
    )

    // The broker's broadcast list to Demo Capital's desk: each copy lands in a direct chat.
    const list = await at(60).createChannel(who.broker, {
      customType: 'broadcast',
      name: 'Morning runs · clients',
      invitedUserIds: [who.dealer.id, who.viewer.id],
    })
    await say(
      list.channel.url,
      61,
      'broker',
      'Indicative runs: 5y 7.37 GS 28 6.88/6.85 · 10y 6.54 GS 32 7.0425/7.0375 · 14y 7.18 GS 37 7.2050/7.1975 · 364d T-bill 6.62/6.60. Sizes on request',
      'list-1',
    )
    await db
      .insert(appMeta)
      .values({ key: META_KEY, value: { seededAt: new Date().toISOString() } })
    return sent
  } finally {
    for (const sessionId of sessions) await tokens.revoke(sessionId, 'demo chats entered')
  }
}
