// The market quote of a bond, what find's calculator starts from: the best live quote of the side
// asked (callers with trade access), else with `infer_from_market` the last trade's yield
// (signed-in callers) or the yield the issuer disclosed, carried to the settlement asked.
import { PERMISSIONS, type MarketQuote, type MarketQuoteRequest } from '@bonds/domain'
import { PricingError, roundTo, settlementOnCalendar, todayInIndia } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { priceAt, priced, settlementFor } from '../../pricing/index.ts'
import { bondOf, type MarketContext } from '../context.ts'
import { termsOrNull, yieldOrNull } from '../prices.ts'
import { bookLevels, latestTrade } from '../book-repo.ts'

/**
 * The market quote of a bond: the best live quote of the side asked (callers with trade
 * access), else with `infer_from_market` the last trade's yield (signed-in callers) or the
 * yield the issuer disclosed, carried to the settlement asked; else no price.
 */
export async function marketQuote(
  { db, now }: MarketContext,
  user: AuthUser | null,
  id: string,
  request: MarketQuoteRequest,
): Promise<MarketQuote> {
  const at = now()
  const today = todayInIndia(at)
  const row = await bondOf(db, id)
  const terms = termsOrNull(row)
  const canBePriced = terms !== null && !(row.maturityDate && row.maturityDate <= today)
  const answer = (
    fields: Pick<MarketQuote, 'source' | 'as_of' | 'quantum'> & {
      price: number
      yield: number | null
      settlement: string
    },
  ): MarketQuote => {
    let accrued: number | null = null
    if (terms && fields.yield !== null) {
      try {
        accrued = priceAt(terms, fields.settlement, {
          bond_yield: fields.yield,
        }).accrued_interest
      } catch (error) {
        if (!(error instanceof PricingError)) throw error
      }
    }
    return {
      quote_type: request.quote_type,
      source: fields.source,
      as_of: fields.as_of,
      quantum: fields.quantum,
      price: {
        unit_clean_price: fields.price,
        bond_yield: fields.yield,
        settlement_date: fields.settlement,
      },
      accrued_interest: accrued,
      dirty_price: accrued === null ? null : roundTo(fields.price + accrued, 4),
      can_be_priced: canBePriced,
      allow_price_modification: canBePriced,
    }
  }
  const none: MarketQuote = {
    quote_type: request.quote_type,
    source: null,
    as_of: null,
    quantum: null,
    price: null,
    accrued_interest: null,
    dirty_price: null,
    can_be_priced: canBePriced,
    allow_price_modification: canBePriced,
  }
  if (row.maturityDate && row.maturityDate <= today) return none

  if (user?.permissions.includes(PERMISSIONS.canTrade)) {
    const [best] = await bookLevels(db, {
      finstrumentId: row.id,
      side: request.quote_type,
      now: at,
      clientId: null,
      limit: 1,
    })
    if (best) {
      return answer({
        source: 'QUOTE',
        as_of: best.firstAt.toISOString(),
        quantum: best.quantum,
        price: best.unitPrice,
        yield: yieldOrNull(terms, best.settlementDate, best.unitPrice),
        settlement: best.settlementDate,
      })
    }
  }
  if (!request.infer_from_market || !terms) return none

  const settlement = priced(() => settlementFor(terms.convention, request, today))
  const carried = (yieldValue: number) => {
    try {
      return priceAt(terms, settlement, { bond_yield: yieldValue }).price.unit_clean_price
    } catch (error) {
      if (error instanceof PricingError) return null
      throw error
    }
  }
  if (user?.permissions.includes(PERMISSIONS.securityDataAccess)) {
    const trade = await latestTrade(db, row.id)
    const tradeDate = trade ? todayInIndia(trade.tradedAt) : null
    const tradeYield =
      trade && tradeDate
        ? (trade.bondYield ??
          yieldOrNull(
            terms,
            settlementOnCalendar(terms.convention, tradeDate, 1),
            trade.cleanPrice,
          ))
        : null
    const price = tradeYield === null ? null : carried(tradeYield)
    if (trade && tradeYield !== null && price !== null) {
      return answer({
        source: 'TRADE',
        as_of: trade.tradedAt.toISOString(),
        quantum: trade.faceValue,
        price,
        yield: roundTo(tradeYield, 6),
        settlement,
      })
    }
  }
  if (row.indicativeYield !== null) {
    const price = carried(row.indicativeYield)
    if (price !== null) {
      return answer({
        source: 'INDICATIVE',
        as_of: row.indicativeYieldAsOf,
        quantum: null,
        price,
        yield: roundTo(row.indicativeYield, 6),
        settlement,
      })
    }
  }
  return none
}
