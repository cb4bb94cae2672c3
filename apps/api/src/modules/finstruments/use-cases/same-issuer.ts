// Other available bonds of the same issuer, in ISIN order, with cursor pagination.
import { bondById, type FinstrumentsContext } from '../context.ts'
import { page } from '../cursors.ts'
import { sameIssuer as sameIssuerRows } from '../repo.ts'

/** Other bonds of the same issuer. */
export async function sameIssuer(
  { db }: FinstrumentsContext,
  id: string,
  cursor: string | null | undefined,
  limit: number,
) {
  const bond = await bondById(db, id)
  return page((after, n) => sameIssuerRows(db, bond, after, n), cursor, limit)
}
