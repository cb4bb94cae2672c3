// Demo inventory (demo mode only): Demo Capital's dealer starts with a realistic book of G-secs,
// SDLs, PSU and bank bonds, entered through the same upload and external-trade use cases a desk
// uses (issue 25). Once per database: a book the demo users change afterwards stays as they left it.
import { settlementOnCalendar, todayInIndia } from '@bonds/pricing'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/index.ts'
import { appMeta } from '../db/schema.ts'
import type { AuthUser } from '../http/access.ts'
import { authUserOf, userByEmail } from '../modules/accounts/index.ts'
import type { TokenService } from '../modules/auth/index.ts'
import type { InventoryService } from '../modules/inventory/index.ts'

const META_KEY = 'demo-inventory'

/** The demo book: ISIN, face value (₹), yield (%) it was bought at, book, days ago it was bought. */
export const DEMO_HOLDINGS: readonly [string, number, number, string, number][] = [
  ['IN0020210244', 250_000_000, 6.62, 'Trading', 40], // 6.54% GS 2032
  ['IN0020230085', 500_000_000, 6.71, 'Trading', 25], // 7.18% GS 2033
  ['IN0020240019', 300_000_000, 6.69, 'Trading', 12], // 7.10% GS 2034
  ['IN0020230077', 200_000_000, 6.85, 'AFS', 60], // 7.18% GS 2037
  ['IN0020230051', 100_000_000, 7.08, 'HTM', 90], // 7.30% GS 2053
  ['IN1920210359', 150_000_000, 7.05, 'AFS', 33], // 7.44% Karnataka SDL 2035
  ['IN3320210245', 100_000_000, 7.02, 'AFS', 18], // 7.35% Uttar Pradesh SDL 2034
  ['IN1520170227', 50_000_000, 6.75, 'Trading', 7], // 8.35% Gujarat SDL 2028
  ['INE053F07819', 20_000_000, 5.85, 'HTM', 120], // 7.25% IRFC Tax-free 2035
  ['INE733E07JJ9', 15_000_000, 5.9, 'HTM', 150], // 8.91% NTPC Tax-free 2033
  ['INE261F07032', 10_000_000, 5.95, 'AFS', 45], // 7.64% NABARD Tax-free 2031
  ['INE040A08807', 50_000_000, 7.35, 'Trading', 20], // 8.00% HDFC Bank 2032
  ['INE040A08773', 30_000_000, 7.33, 'AFS', 28], // 7.80% HDFC Bank 2032
]

/** India's date `days` before today, moved back to a weekday. */
function daysAgo(today: string, days: number): string {
  const at = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000)
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() - 1)
  return at.toISOString().slice(0, 10)
}

/** The demo book as the upload's CSV (settled T+1 on each bond's calendar, never after today). */
export function demoInventoryCsv(today: string): string {
  const rows = DEMO_HOLDINGS.map(([isin, face, yieldPercent, book, ago]) => {
    const trade = daysAgo(today, ago)
    const settle = settlementOnCalendar(isin.startsWith('INE') ? 'CORPORATE' : 'GSEC', trade, 1)
    return `${isin},${face},,${yieldPercent},${trade},${settle > today ? trade : settle},${book}`
  })
  return ['isin,face_value,clean_price,yield,trade_date,settlement_date,book', ...rows].join('\n')
}

/** Enter the demo book once; returns the rows entered (0 when entered before or no dealer). */
export async function seedDemoInventory(
  db: Db,
  inventory: InventoryService,
  tokens: TokenService,
  now: Date = new Date(),
): Promise<number> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY))
  if (done) return 0
  const user = await userByEmail(db, 'dealer@demo.test')
  if (!user) return 0
  const { sessionId } = await tokens.openSession(user.id, { ip: '127.0.0.1' })
  try {
    const dealer = (await authUserOf(db, user.id, sessionId)) as AuthUser
    const today = todayInIndia(now)
    const file = { name: 'demo-book.csv', bytes: new TextEncoder().encode(demoInventoryCsv(today)) }
    const saved = await inventory.upload(dealer, file, {}, '127.0.0.1')
    // A part of GS 2033 sold by phone a week ago, outside the platform.
    const trade = daysAgo(today, 7)
    await inventory.externalTrade(
      dealer,
      {
        finstrument_id: 'IN0020230085',
        book: 'Trading',
        buy_or_sell: 'sell',
        quantum: 50_000_000,
        bond_yield: 6.68,
        trade_date: trade,
        settlement_date: settlementOnCalendar('GSEC', trade, 1),
        counterparty_name: 'Sahyadri Demo Co-operative Bank',
        exchange: 'NSE',
      },
      '127.0.0.1',
    )
    await db.insert(appMeta).values({ key: META_KEY, value: { seededAt: now.toISOString() } })
    return saved.body.rows.length + 1
  } finally {
    await tokens.revoke(sessionId, 'demo inventory entered')
  }
}
