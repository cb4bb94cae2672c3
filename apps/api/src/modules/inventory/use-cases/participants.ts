// GET api/inventory/search-nsscl-participants/ and …/search-iccl-participants/ (spec section 7):
// the counterparties of an external trade, through the network's participant search narrowed to
// the clearing corporation; `ucc_only` keeps those holding a code there (decision 273).
import type { InventoryParticipantQuery, ParticipantList } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { InventoryContext } from '../context.ts'

/** Participants set up at NSE Clearing or ICCL. */
export async function searchClearingParticipants(
  ctx: InventoryContext,
  user: AuthUser,
  clearing: 'NSCCL' | 'ICCL',
  query: InventoryParticipantQuery,
): Promise<ParticipantList> {
  const found = await ctx.searchParticipants(user, {
    search_param: query.search_param,
    exchange: clearing,
    limit: query.limit,
  })
  if (!query.ucc_only) return found
  const code = clearing === 'NSCCL' ? 'nsccl_code' : 'iccl_code'
  return { results: found.results.filter((p) => p[code] !== null && p[code] !== '') }
}
