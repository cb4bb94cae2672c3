// One bond as lists show it.
import { bondById, type FinstrumentsContext } from '../context.ts'
import { toSummary, withMarketYield } from '../views.ts'

/** One bond's summary. */
export async function summary(context: FinstrumentsContext, id: string) {
  return withMarketYield(context, toSummary(await bondById(context.db, id), context.today()))
}
