// The universe in the database as the desk-chat quote parser asks it (decision 121): live bonds on
// a day. One resolver for every reader of chat (the parse endpoint, private runs).
import type { BondResolver } from '@bonds/trading/chat-quotes'
import type { Db } from '../../db/index.ts'
import { lookupBonds } from './repo.ts'

/** Most bonds one lookup returns; a lookup that finds more resolves to nothing (never a guess). */
const LOOKUP_LIMIT = 2000

/** The universe in the database, as the parser asks it: live bonds on `today`. */
export function databaseResolver(db: Db, today: string): BondResolver {
  return {
    lookup: async (query) => {
      const rows = await lookupBonds(db, query, today, LOOKUP_LIMIT + 1)
      return rows.length > LOOKUP_LIMIT ? [] : rows
    },
  }
}
