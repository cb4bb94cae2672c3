// A quote tick patches the book in place (decision 316): the page asks the server for the
// positions of the bonds that moved (`GET api/inventory/?finstrument_id=…`), puts them in the
// place of their old rows and totals the book again itself (`bookTotals`, the server's own code),
// so the totals, concentration and charts always sum the rows on screen. A book whose rows for
// those bonds are not the same positions any more (one appeared, one went, a new day) is read
// again whole instead.
import type { InventoryPage, InventoryPosition } from '@bonds/domain'
import { bookTotals } from '@bonds/pricing'
import { positionKey } from './book.ts'

/** The valued fields a tick changes: a row whose fields are all the same keeps its object. */
const VALUED = [
  'market_clean_price',
  'accrued',
  'market_value',
  'value_source',
  'value_source_detail',
  'unrealised_pnl',
  'yield',
  'modified_duration',
  'pv01',
  'face_value',
  'quantity',
  'reserved_face_value',
  'free_face_value',
  'cost_clean_price',
  'cost_edited',
  'valued_at',
] as const

const sameValuation = (a: InventoryPosition, b: InventoryPosition) =>
  VALUED.every((field) => a[field] === b[field])

/**
 * The book with the rows of `bonds` replaced by the answer's (the same positions, newly valued)
 * and its totals summed again; the same book when nothing changed; null when the book must be
 * read again whole (the answer does not hold exactly the book's positions of those bonds, or is
 * of another day).
 */
export function patchBook(
  book: InventoryPage,
  answer: InventoryPage,
  bonds: ReadonlySet<string>,
): InventoryPage | null {
  if (book.count !== book.results.length) return null
  if (answer.today !== book.today || answer.count !== answer.results.length) return null
  const fresh = new Map(answer.results.map((p) => [positionKey(p), p]))
  if (fresh.size !== answer.results.length) return null
  let replaced = 0
  let changed = false
  const results = book.results.map((p) => {
    if (!bonds.has(p.finstrument_id)) return p
    const next = fresh.get(positionKey(p))
    if (!next) return p
    replaced += 1
    if (sameValuation(p, next)) return p
    changed = true
    return next
  })
  const held = book.results.reduce((n, p) => n + (bonds.has(p.finstrument_id) ? 1 : 0), 0)
  // A position of those bonds the page does not have, or one it has that the server no longer
  // answers: the book itself changed.
  if (replaced !== answer.results.length || replaced !== held) return null
  if (!changed) return book
  return { ...book, results, totals: bookTotals(results) }
}
