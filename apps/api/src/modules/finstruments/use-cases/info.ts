// One bond with all its terms and its published memorandum, if any (the security page).
import type { FinstrumentInfo } from '@bonds/domain'
import { bondById, PUBLIC_VIEWER, type FinstrumentsContext, type Viewer } from '../context.ts'
import { toTerms, withMarketYield } from '../views.ts'

/** One bond's terms on India's today, and its information memorandum or null when none is published. */
export async function info(
  context: FinstrumentsContext,
  id: string,
  viewer: Viewer = PUBLIC_VIEWER,
): Promise<FinstrumentInfo> {
  const row = await bondById(context.db, id)
  const terms = await withMarketYield(context, toTerms(row, context.today()), viewer)
  return { ...terms, information_memorandum: await context.memorandumOf(row.id) }
}
