// The stored credentials of a client with the password in clear: for exchange adapters only, never
// for a route.
import type { AccountsContext } from '../context.ts'
import { credentialsOf } from '../repo.ts'

/** The stored credentials of a client, password in clear (for exchange adapters only). */
export async function credentialsFor(
  { db, box }: AccountsContext,
  clientId: string,
  corp: 'NSCCL' | 'ICCL',
) {
  const row = await credentialsOf(db, clientId, corp)
  return row ? { ...row, password: box.open(row.passwordEncrypted) } : null
}
