// One bond as lists show it.
import { bondById, type FinstrumentsContext } from '../context.ts'
import { toSummary } from '../views.ts'

/** One bond's summary. */
export async function summary({ db, today }: FinstrumentsContext, id: string) {
  return toSummary(await bondById(db, id), today())
}
