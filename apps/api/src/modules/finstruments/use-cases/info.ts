// One bond with all its terms (the security page).
import { bondById, type FinstrumentsContext } from '../context.ts'
import { toInfo } from '../views.ts'

/** One bond's terms. */
export async function info({ db, today }: FinstrumentsContext, id: string) {
  return toInfo(await bondById(db, id), today())
}
