// One bond with all its terms and its published memorandum, if any (the security page).
import type { FinstrumentInfo } from '@bonds/domain'
import { bondById, type FinstrumentsContext } from '../context.ts'
import { toTerms, withMarketYield } from '../views.ts'

/** One bond's terms on India's today, and its information memorandum or null when none is published. */
export async function info(context: FinstrumentsContext, id: string): Promise<FinstrumentInfo> {
  const row = await bondById(context.db, id)
  const terms = await withMarketYield(context, toTerms(row, context.today()))
  return { ...terms, information_memorandum: await context.memorandumOf(row.id) }
}
