import { VALIDATION_MESSAGES as M } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { makeCluster, makeRun, makeRunPage } from '../testing/rfq-factory.ts'
import {
  closeClusterPayload,
  clusterDraft,
  clusterUpdatePayload,
  draftSpread,
  withCluster,
} from './cluster-update.ts'

const cluster = makeCluster()

describe('clusterUpdatePayload', () => {
  it('sends one price to both sides without a facilitator, no spread', () => {
    const draft = { ...clusterDraft(cluster), crores: '8', buyerPrice: '100.5' }
    expect(clusterUpdatePayload(draft)).toEqual({
      payload: {
        quantity: 8_00_00_000,
        buyer_price: 100.5,
        seller_price: 100.5,
        seller_spread: 0,
        settlement_date: '2026-11-30',
        close: false,
        facilitator: null,
      },
    })
  })

  it('sends the buyer’s and the seller’s price with a facilitator, the spread their difference', () => {
    const draft = {
      ...clusterDraft(cluster),
      facilitator: 'broker-firm',
      buyerPrice: 100.6,
      sellerPrice: '100.45',
    }
    expect(draftSpread(draft)).toBe(0.15)
    expect(clusterUpdatePayload(draft).payload).toMatchObject({
      buyer_price: 100.6,
      seller_price: 100.45,
      seller_spread: 0.15,
      facilitator: 'broker-firm',
    })
    expect(draftSpread({ ...draft, sellerPrice: null })).toBeNull()
    expect(draftSpread({ ...draft, facilitator: null })).toBe(0)
  })

  it('stops at the pricing input’s rules and the quantity’s, by the payload’s field names', () => {
    const empty = {
      crores: null,
      facilitator: 'broker-firm',
      buyerPrice: null,
      sellerPrice: '300',
      settlementDate: '',
    }
    expect(clusterUpdatePayload(empty).errors).toEqual({
      quantity: 'Quantity is required',
      buyer_price: M.priceRequired,
      seller_price: M.priceRange,
      settlement_date: 'Settlement date is required',
    })
    const base = clusterDraft(cluster)
    expect(clusterUpdatePayload({ ...base, buyerPrice: '0.5' }).errors).toEqual({
      buyer_price: M.priceRange,
    })
    expect(clusterUpdatePayload({ ...base, buyerPrice: '100.12345' }).errors).toEqual({
      buyer_price: M.priceStep,
    })
    expect(clusterUpdatePayload({ ...base, crores: 0 }).errors).toEqual({
      quantity: M.cannotBeZero,
    })
  })
})

describe('closeClusterPayload', () => {
  it('closes at the terms as they stand', () => {
    expect(closeClusterPayload(makeCluster({ facilitator: 'f', seller_spread: 0.1 }))).toEqual({
      quantity: cluster.quantity,
      buyer_price: cluster.buyer_price,
      seller_price: cluster.seller_price,
      seller_spread: 0.1,
      settlement_date: cluster.settlement_date,
      close: true,
      facilitator: 'f',
    })
  })
})

describe('withCluster', () => {
  const page = makeRunPage([makeRun({ clusters: [cluster, makeCluster({ id: 6 })] }), makeRun()])

  it('replaces an open cluster’s terms in its line', () => {
    const next = withCluster(page, { ...cluster, buyer_price: 101 })
    expect(next.results[0]?.clusters.map((c) => [c.id, c.buyer_price])).toEqual([
      [5, 101],
      [6, cluster.buyer_price],
    ])
    expect(next.results[1]).toBe(page.results[1])
  })

  it('drops a closed cluster, and leaves a page without it as it was', () => {
    const next = withCluster(page, { ...cluster, state: 'CLOSED' })
    expect(next.results[0]?.clusters.map((c) => c.id)).toEqual([6])
    expect(withCluster(page, makeCluster({ id: 99 }))).toBe(page)
  })
})
