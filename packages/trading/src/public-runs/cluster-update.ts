// A cluster's terms as its negotiation form holds them, and the update (`PUT api/trade/cluster/{id}/`,
// spec section 3's cluster update) they make: the quantity in crores, one price for both sides
// without a facilitator, the buyer's and the seller's with one (the facilitator's spread is their
// difference), the settlement date. Prices follow the pricing input's rules (spec section 5:
// required, 1 to 250, 0.0001 steps); the rest is checked by the domain schema (decision 396).
import {
  clusterUpdateSchema,
  fieldErrors,
  requiredMessage,
  VALIDATION_MESSAGES as M,
  type Cluster,
  type ClusterUpdate,
  type PublicRunPage,
} from '@bonds/domain'
import { CRORE, croresToRupees, typedNumber } from '../quote-form/quote-payload.ts'

/** A cluster's terms as typed. */
export interface ClusterDraft {
  /** Crores as typed. */
  crores: number | string | null
  /** The facilitating broker firm, or null for none. */
  facilitator: string | null
  /** The buyer's price; without a facilitator, the one price of both sides. */
  buyerPrice: number | string | null
  /** The seller's price (with a facilitator only). */
  sellerPrice: number | string | null
  /** The settlement date (ISO). */
  settlementDate: string
}

/** The form's draft of a cluster's current terms. */
export function clusterDraft(cluster: Cluster): ClusterDraft {
  return {
    crores: cluster.quantity / CRORE,
    facilitator: cluster.facilitator,
    buyerPrice: cluster.buyer_price,
    sellerPrice: cluster.seller_price,
    settlementDate: cluster.settlement_date,
  }
}

/** A price to four decimals, as the server compares the spread. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/** The facilitator's spread of a draft (buyer's price less the seller's), or null until both are typed. */
export function draftSpread(draft: ClusterDraft): number | null {
  if (draft.facilitator === null) return 0
  const buyer = typedNumber(draft.buyerPrice)
  const seller = typedNumber(draft.sellerPrice)
  return buyer === null || seller === null ? null : round4(buyer - seller)
}

/** A price typed into the pricing input: required, 1 to 250, in steps of 0.0001 (spec section 5). */
function priceError(price: number | null): string | null {
  if (price === null) return M.priceRequired
  if (price < 1 || price > 250) return M.priceRange
  if (Math.abs(Math.round(price * 1e4) - price * 1e4) > 1e-6) return M.priceStep
  return null
}

/**
 * The update a draft makes (not closing), or the field messages that stop it, by the payload's
 * field names (the server's field messages land on the same fields).
 */
export function clusterUpdatePayload(
  draft: ClusterDraft,
):
  | { payload: ClusterUpdate; errors?: undefined }
  | { payload?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const crores = typedNumber(draft.crores)
  const buyer = typedNumber(draft.buyerPrice)
  // Without a facilitator both sides deal at one price.
  const seller = draft.facilitator === null ? buyer : typedNumber(draft.sellerPrice)
  if (crores === null) errors.quantity = requiredMessage('Quantity')
  const buyerError = priceError(buyer)
  if (buyerError) errors.buyer_price = buyerError
  if (draft.facilitator !== null) {
    const sellerError = priceError(seller)
    if (sellerError) errors.seller_price = sellerError
  }
  if (!draft.settlementDate) errors.settlement_date = requiredMessage('Settlement date')
  if (Object.keys(errors).length > 0 || crores === null || buyer === null || seller === null) {
    return { errors }
  }
  const checked = clusterUpdateSchema.safeParse({
    quantity: croresToRupees(crores),
    buyer_price: buyer,
    seller_price: seller,
    seller_spread: round4(buyer - seller),
    settlement_date: draft.settlementDate,
    close: false,
    facilitator: draft.facilitator,
  })
  if (!checked.success) return { errors: fieldErrors(checked.error.issues) }
  return { payload: checked.data }
}

/** Closing a cluster: its terms as they stand (edits not saved are not sent), and `close`. */
export function closeClusterPayload(cluster: Cluster): ClusterUpdate {
  return {
    quantity: cluster.quantity,
    buyer_price: cluster.buyer_price,
    seller_price: cluster.seller_price,
    seller_spread: cluster.seller_spread,
    settlement_date: cluster.settlement_date,
    close: true,
    facilitator: cluster.facilitator,
  }
}

/**
 * The public runs with a cluster as the server now answers it: its line's terms replaced, or the
 * cluster gone from its bond's line once it is no longer open. The page itself when unchanged.
 */
export function withCluster(page: PublicRunPage, cluster: Cluster): PublicRunPage {
  let changed = false
  const results = page.results.map((run) => {
    const at = run.clusters.findIndex((held) => held.id === cluster.id)
    if (at < 0) return run
    changed = true
    const clusters =
      cluster.state === 'OPEN'
        ? run.clusters.map((held) => (held.id === cluster.id ? cluster : held))
        : run.clusters.filter((held) => held.id !== cluster.id)
    return { ...run, clusters }
  })
  return changed ? { ...page, results } : page
}
