// One bond with all its terms and its published memorandum, if any (the security page).
import type { FinstrumentInfo } from '@bonds/domain'
import { bondById, type FinstrumentsContext } from '../context.ts'
import { toTerms } from '../views.ts'

/** One bond's terms on India's today, and its information memorandum or null when none is published. */
export async function info(
  { db, today, memorandumOf }: FinstrumentsContext,
  id: string,
): Promise<FinstrumentInfo> {
  const row = await bondById(db, id)
  return { ...toTerms(row, today()), information_memorandum: await memorandumOf(row.id) }
}
