// A user changes security preferences: merged into the stored ones, only those the product knows
// kept (decision 084).
import { SECURITY_PREFERENCES, type SecurityPreference } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { AccountsContext } from '../context.ts'
import { updateUser, userById } from '../repo.ts'

/** Merge security preferences. */
export async function securityPreferences(
  { db }: AccountsContext,
  caller: AuthUser,
  preferences: Partial<Record<SecurityPreference, boolean>>,
) {
  const user = await userById(db, caller.id)
  // Only the preferences the product knows are kept (decision 084).
  const merged: Partial<Record<SecurityPreference, boolean>> = {}
  for (const key of Object.keys(SECURITY_PREFERENCES) as SecurityPreference[]) {
    const value = preferences[key] ?? user?.securityPreferences?.[key]
    if (value !== undefined) merged[key] = value
  }
  await updateUser(db, caller.id, { securityPreferences: merged })
  return { preferences: merged }
}
