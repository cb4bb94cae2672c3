// GET api/clients/: the caller's network by name: the firms on the platform its client added as
// partners (with their active dealers) and the counterparties it records offline. With either
// flag true, the list holds the kinds whose flag is true; otherwise those whose flag is not
// false. Decision 151.
import type { NetworkListQuery, NetworkPage } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { NetworkContext } from '../context.ts'
import { personName } from '../context.ts'
import { listNetwork as listNetworkRows } from '../repo.ts'
import { dealersOf } from '../desk-repo.ts'
import { networkEntryView } from '../views.ts'

/** A partner's people a network entry lists at most. */
export const MEMBERS_PER_PARTNER = 20

type Kind = 'partner' | 'offline'

/** The kinds a query asks for (decision 151). */
export function kindsOf(query: Pick<NetworkListQuery, 'is_partner' | 'offline_record'>): Kind[] {
  const flags: [Kind, boolean | undefined][] = [
    ['partner', query.is_partner],
    ['offline', query.offline_record],
  ]
  const anyTrue = flags.some(([, flag]) => flag === true)
  return flags
    .filter(([, flag]) => (anyTrue ? flag === true : flag !== false))
    .map(([kind]) => kind)
}

/** The people of each partner, up to MEMBERS_PER_PARTNER each. */
export async function partnerPeople(context: NetworkContext, clientIds: readonly string[]) {
  const people = new Map<string, { user_id: string; user_name: string }[]>()
  for (const row of await dealersOf(context.db, clientIds)) {
    const list = people.get(row.clientId) ?? []
    if (list.length < MEMBERS_PER_PARTNER)
      list.push({ user_id: row.userId, user_name: personName(row) })
    people.set(row.clientId, list)
  }
  return people
}

/** A page of the caller's network. */
export async function listNetwork(
  context: NetworkContext,
  caller: AuthUser,
  query: NetworkListQuery,
): Promise<NetworkPage> {
  const { rows, count } = await listNetworkRows(context.db, {
    clientId: caller.clientId,
    kinds: kindsOf(query),
    search: query.search,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  })
  const people = await partnerPeople(
    context,
    rows.filter((row) => row.kind === 'partner').map((row) => row.id),
  )
  return {
    results: rows.map((row) => networkEntryView(row, people.get(row.id) ?? [])),
    count,
    page: query.page,
    page_size: query.page_size,
  }
}
