// One bond as lists show it.
import { bondById, PUBLIC_VIEWER, type FinstrumentsContext, type Viewer } from '../context.ts'
import { toSummary, withMarketYield } from '../views.ts'

/** One bond's summary. */
export async function summary(
  context: FinstrumentsContext,
  id: string,
  viewer: Viewer = PUBLIC_VIEWER,
) {
  return withMarketYield(
    context,
    toSummary(await bondById(context.db, id), context.today()),
    viewer,
  )
}
