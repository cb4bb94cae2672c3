// The market's rules: EOIs (create, respond, expire, list), market depth, the market quote, and
// clusters (list, read, negotiate, close, price). Every stored price comes from the bond's terms at
// the quote's settlement through @bonds/pricing: of a price and a yield, the fixed one is kept and
// the other computed here, never taken from the browser (docs/decisions/120-market-quotes.md).
import {
  MARKET_MESSAGES as MM,
  PERMISSIONS,
  VALIDATION_MESSAGES as M,
  type Cluster,
  type ClusterListQuery,
  type ClusterPage,
  type ClusterPrice,
  type ClusterSide,
  type ClusterUpdate,
  type DepthQuery,
  type Eoi,
  type EoiCreatePayload,
  type EoiListQuery,
  type EoiPage,
  type EoiResponsePayload,
  type EoiResponseResult,
  type EoiState,
  type MarketDepth,
  type MarketQuote,
  type MarketQuoteRequest,
  type QuoteType,
} from '@bonds/domain'
import {
  isBusinessDay,
  PricingError,
  roundTo,
  settlementOnCalendar,
  todayInIndia,
  yieldFromPrice,
  type BondTerms,
  type Convention,
} from '@bonds/pricing'
import type { Db } from '../../db/index.ts'
import type { DomainEvent } from '../../events/bus.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import { audit } from '../accounts/audit.ts'
import { clientById } from '../accounts/repo.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/repo.ts'
import { conventionOf, priceAt, priced, settlementFor, termsOf } from '../pricing/service.ts'
import {
  bookLevels,
  clusterById,
  eoiById,
  insertCluster,
  insertEoi,
  LIVE_STATES,
  latestTrade,
  listClusters,
  listEois,
  openClustersOf,
  setEoiState,
  updateCluster,
  type ClusterWithNames,
  type EoiRow,
  type EoiWithBond,
} from './repo.ts'

/** An EOI without an expiry given lasts until the market's close, 17:00 IST, of its day. */
export const MARKET_CLOSE_IST = '17:00'

/** How many minutes `validity` counts, at most: a week. */
export const MAX_VALIDITY_MINUTES = 7 * 24 * 60

/** What the market service needs besides the database. */
export interface MarketServiceOptions {
  /** Publishes socket messages (the app's event bus). */
  publish: (event: DomainEvent) => Promise<void>
  now?: () => Date
}

const MARKET_AUDIENCE = { kind: 'permission', permission: PERMISSIONS.canTrade } as const

const bad = (field: string, message: string) => new HttpError(400, message, { [field]: message })

const iso = (value: Date | string) => new Date(value).toISOString()

/** The pricing terms of a bond, or null when it cannot be priced (floating, terms unknown). */
function termsOrNull(row: FinstrumentRow): BondTerms | null {
  try {
    return termsOf(row)
  } catch (error) {
    if (error instanceof HttpError) return null
    throw error
  }
}

/** The instant of `time` (HH:MM) in India on a date. */
function istInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`)
}

/** An EOI's default expiry: today's close in India if still ahead on a business day, else the next one's. */
export function defaultExpiry(convention: Convention, now: Date): Date {
  const today = todayInIndia(now)
  const close = istInstant(today, MARKET_CLOSE_IST)
  if (isBusinessDay(convention, today) && now < close) return close
  return istInstant(settlementOnCalendar(convention, today, 1), MARKET_CLOSE_IST)
}

/** The state a reader sees: a live state past its expiry reads EXPIRED. */
export function visibleState(row: Pick<EoiRow, 'state' | 'expiresAt'>, now: Date): EoiState {
  const live = (LIVE_STATES as readonly string[]).includes(row.state)
  return (live && row.expiresAt <= now ? 'EXPIRED' : row.state) as EoiState
}

const isLive = (row: Pick<EoiRow, 'state' | 'expiresAt'>, now: Date) => {
  const state = visibleState(row, now)
  return state === 'DEFAULT' || state === 'RESPONDED'
}

/** An EOI as its client sees it. */
export function eoiView(row: EoiWithBond, now: Date): Eoi {
  return {
    id: row.id,
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    quote_type: row.quoteType as QuoteType,
    quantum: row.quantum,
    unit_price_stored: row.unitPrice,
    yield_stored: row.bondYield,
    fixed_field: row.fixedField as Eoi['fixed_field'],
    price_overridden: row.priceOverridden,
    settlement_date: row.settlementDate,
    settlement_delta: row.settlementDelta,
    expiry_date_stored: iso(row.expiresAt),
    state: visibleState(row, now),
    source: row.source,
    respond_eoi_id: row.respondEoiId,
    replaces: row.replaces,
    client_id: row.clientId,
    user_id: row.userId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}

/** The caller's part in a cluster, or null when the caller's client is not a party. */
export function clusterSide(
  row: Pick<ClusterWithNames, 'buyerClientId' | 'sellerClientId' | 'facilitatorClientId'>,
  clientId: string,
): ClusterSide | null {
  if (row.buyerClientId === clientId) return 'BUYER'
  if (row.sellerClientId === clientId) return 'SELLER'
  if (row.facilitatorClientId === clientId) return 'FACILITATOR'
  return null
}

function clusterView(row: ClusterWithNames, side: ClusterSide): Cluster {
  return {
    id: row.id,
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    buyer_eoi_id: row.buyerEoiId,
    seller_eoi_id: row.sellerEoiId,
    side,
    buyer_name: row.buyerName,
    seller_name: row.sellerName,
    quantity: row.quantity,
    buyer_price: row.buyerPrice,
    seller_price: row.sellerPrice,
    seller_spread: row.sellerSpread,
    settlement_date: row.settlementDate,
    facilitator: row.facilitatorClientId,
    facilitator_name: row.facilitatorName,
    state: row.state as Cluster['state'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    closed_at: row.closedAt ? iso(row.closedAt) : null,
  }
}

/** A quote's price and yield from its fixed field: the fixed number kept, the other computed. */
interface QuotedPrice {
  unitPrice: number
  bondYield: number | null
}

/**
 * The price and yield of a quote at a settlement. `fixed` names the field the user fixed; a
 * bond that cannot be priced takes a price only. A PricingError is the field's 400.
 */
function quotePrice(
  terms: BondTerms | null,
  settlement: string,
  input: {
    fixed: 'yield' | 'price'
    price: number | null | undefined
    yield: number | null | undefined
    overridden?: boolean
  },
  fields: { price: string; yield: string },
): QuotedPrice {
  if (!terms) {
    if (input.fixed === 'yield' || input.price == null)
      throw bad(fields.price, MM.unpricedNeedsPrice)
    if (input.price <= 0) throw bad(fields.price, M.cannotBeZero)
    return { unitPrice: input.price, bondYield: null }
  }
  if (input.overridden) {
    if (input.price == null || input.yield == null) throw bad(fields.price, MM.overrideNeedsBoth)
    return { unitPrice: input.price, bondYield: input.yield }
  }
  const fixedField = input.fixed === 'yield' ? fields.yield : fields.price
  const fixedValue = input.fixed === 'yield' ? input.yield : input.price
  if (fixedValue == null) {
    throw bad(fixedField, input.fixed === 'yield' ? M.yieldRequired : M.priceRequired)
  }
  try {
    const result = priceAt(
      terms,
      settlement,
      input.fixed === 'yield' ? { bond_yield: fixedValue } : { clean_price: fixedValue },
    )
    return { unitPrice: result.price.unit_clean_price, bondYield: result.price.bond_yield }
  } catch (error) {
    if (error instanceof PricingError) throw bad(fixedField, error.message)
    throw error
  }
}

/** The market service over one database. */
export function marketService(db: Db, options: MarketServiceOptions) {
  const now = options.now ?? (() => new Date())

  const publish = (event: DomainEvent) => options.publish(event)

  async function quotableBond(id: string | number, field: string, today: string) {
    const row = await findFinstrument(db, String(id).trim().toUpperCase())
    if (!row) throw bad(field, 'Bond not found')
    if (!row.isAvailable || !row.isListed)
      throw bad(field, 'This bond is not listed and cannot be quoted')
    if (row.maturityDate && row.maturityDate <= today) {
      throw bad(field, 'This bond has matured and cannot be quoted')
    }
    return row
  }

  function checkSettlement(row: FinstrumentRow, date: string, today: string, field: string) {
    if (date < today) throw bad(field, MM.settlementPast)
    if (row.maturityDate && date >= row.maturityDate) throw bad(field, MM.settlementAfterMaturity)
    if (!isBusinessDay(conventionOf(row), date)) {
      throw bad(field, 'Settlement date must be a business day')
    }
  }

  async function bondOf(id: string): Promise<FinstrumentRow> {
    const row = await findFinstrument(db, id.trim().toUpperCase())
    if (!row) throw new HttpError(404, 'Bond not found')
    return row
  }

  const eoiEvent = (eoi: Pick<EoiRow, 'id' | 'finstrumentId' | 'quoteType' | 'state'>) =>
    publish({
      audience: MARKET_AUDIENCE,
      message: {
        type: 'quotes_eoi',
        data: {
          eoi_id: eoi.id,
          finstrument_id: eoi.finstrumentId,
          quote_type: eoi.quoteType,
          state: eoi.state,
        },
      },
    })

  const clusterEvent = (cluster: {
    id: number
    finstrumentId: string
    state: string
    buyerClientId: string
    sellerClientId: string
    facilitatorClientId: string | null
  }) =>
    publish({
      audience: {
        kind: 'clients',
        clientIds: [
          cluster.buyerClientId,
          cluster.sellerClientId,
          ...(cluster.facilitatorClientId ? [cluster.facilitatorClientId] : []),
        ],
      },
      message: {
        type: 'quotes_cluster',
        data: {
          cluster_id: cluster.id,
          finstrument_id: cluster.finstrumentId,
          state: cluster.state,
        },
      },
    })

  /** A cluster the caller's client is a party to, with the caller's side; else 404. */
  async function partyCluster(user: AuthUser, id: string, { tx = db, lock = false } = {}) {
    const numeric = /^\d{1,18}$/.test(id) ? Number(id) : null
    const row = numeric === null ? undefined : await clusterById(tx, numeric, { lock })
    const side = row ? clusterSide(row, user.clientId) : null
    if (!row || !side) throw new HttpError(404, 'Cluster not found')
    return { row, side }
  }

  return {
    /** Post an EOI for the caller's client (replacing one of its live EOIs when `replaces` says so). */
    async createEoi(user: AuthUser, payload: EoiCreatePayload, ip?: string): Promise<Eoi> {
      const at = now()
      const today = todayInIndia(at)
      const row = await quotableBond(payload.finstrument_id, 'finstrument_id', today)
      const convention = conventionOf(row)
      const settlement = priced(() => settlementFor(convention, payload, today))
      checkSettlement(
        row,
        settlement,
        today,
        payload.settlement_date ? 'settlement_date' : 'settlement_delta',
      )

      let expiresAt: Date
      if (payload.expiry_date_stored) {
        expiresAt = new Date(payload.expiry_date_stored)
        if (expiresAt <= at) throw bad('expiry_date_stored', MM.expiryPast)
      } else if (payload.validity) {
        if (payload.validity > MAX_VALIDITY_MINUTES) {
          throw bad('validity', `Validity is at most ${MAX_VALIDITY_MINUTES} minutes`)
        }
        expiresAt = new Date(at.getTime() + payload.validity * 60_000)
      } else {
        expiresAt = defaultExpiry(convention, at)
      }

      const price = quotePrice(
        termsOrNull(row),
        settlement,
        {
          fixed: payload.fixed_field,
          price: payload.unit_price_stored,
          yield: payload.yield_stored,
          overridden: payload.price_overridden,
        },
        { price: 'unit_price_stored', yield: 'yield_stored' },
      )

      const {
        quantum,
        quote_type,
        source,
        fixed_field,
        price_overridden,
        replaces,
        finstrument_id: _bond,
        unit_price_stored: _price,
        yield_stored: _yield,
        settlement_date: _date,
        settlement_delta,
        expiry_date_stored: _expiry,
        state: _state,
        ...details
      } = payload

      const created = await db.transaction(async (tx) => {
        let replaced: EoiWithBond | undefined
        if (replaces != null) {
          replaced = /^\d{1,18}$/.test(String(replaces))
            ? await eoiById(tx, Number(replaces), { lock: true })
            : undefined
          if (
            !replaced ||
            replaced.clientId !== user.clientId ||
            replaced.finstrumentId !== row.id ||
            replaced.quoteType !== quote_type ||
            !isLive(replaced, at)
          ) {
            throw bad(
              'replaces',
              'The quote to replace is not one of your live quotes on this bond and side',
            )
          }
          await setEoiState(tx, replaced.id, 'CLOSED', at)
        }
        const eoi = await insertEoi(tx, {
          finstrumentId: row.id,
          clientId: user.clientId,
          userId: user.id,
          quoteType: quote_type,
          quantum,
          unitPrice: price.unitPrice,
          bondYield: price.bondYield,
          fixedField: fixed_field,
          priceOverridden: price_overridden,
          settlementDate: settlement,
          settlementDelta: settlement_delta ?? null,
          expiresAt,
          state: 'DEFAULT',
          source,
          replaces: replaced?.id ?? null,
          details,
          createdAt: at,
          updatedAt: at,
        })
        await audit(tx, {
          actor: user.id,
          action: 'eoi_created',
          ip: ip ?? null,
          detail: {
            eoi_id: eoi.id,
            finstrument_id: row.id,
            quote_type,
            quantum,
            replaces: replaced?.id ?? null,
          },
        })
        return { eoi, replaced }
      })
      if (created.replaced) await eoiEvent({ ...created.replaced, state: 'CLOSED' })
      await eoiEvent(created.eoi)
      return eoiView({ ...created.eoi, isin: row.isin, displayName: row.displayName }, at)
    },

    /**
     * Respond to another client's live EOI: the caller's opposite quote for up to its quantum at
     * its settlement, and a cluster pairing the two to negotiate.
     */
    async respond(
      user: AuthUser,
      payload: EoiResponsePayload,
      ip?: string,
    ): Promise<EoiResponseResult> {
      const at = now()
      if (String(payload.client_id) !== user.clientId) throw bad('client_id', MM.otherClient)
      const id = String(payload.respond_eoi_id)
      if (!/^\d{1,18}$/.test(id)) throw new HttpError(404, 'Quote not found')

      const made = await db.transaction(async (tx) => {
        const original = await eoiById(tx, Number(id), { lock: true })
        // A response is addressed to one quote, not to the market: it cannot be responded to.
        if (!original || (original.clientId !== user.clientId && original.respondEoiId !== null)) {
          throw new HttpError(404, 'Quote not found')
        }
        if (original.clientId === user.clientId) throw bad('respond_eoi_id', MM.ownQuote)
        if (!isLive(original, at)) throw new HttpError(409, MM.quoteNotLive)
        if (String(payload.finstrumentId).trim().toUpperCase() !== original.finstrumentId) {
          throw bad('finstrumentId', MM.otherBond)
        }
        if (payload.maximum_lot_stored > original.quantum) {
          throw bad('maximum_lot_stored', MM.aboveQuantum)
        }
        const row = await findFinstrument(tx, original.finstrumentId)
        if (!row) throw new HttpError(404, 'Bond not found')
        const price: QuotedPrice = payload.use_respond_eoi_price
          ? { unitPrice: original.unitPrice, bondYield: original.bondYield }
          : quotePrice(
              termsOrNull(row),
              original.settlementDate,
              {
                fixed: payload.yield_stored != null ? 'yield' : 'price',
                price: payload.unit_price_stored,
                yield: payload.yield_stored,
              },
              { price: 'unit_price_stored', yield: 'yield_stored' },
            )
        const side: QuoteType = original.quoteType === 'BID' ? 'ASK' : 'BID'
        const eoi = await insertEoi(tx, {
          finstrumentId: original.finstrumentId,
          clientId: user.clientId,
          userId: user.id,
          quoteType: side,
          quantum: payload.maximum_lot_stored,
          unitPrice: price.unitPrice,
          bondYield: price.bondYield,
          fixedField: payload.yield_stored != null ? 'yield' : 'price',
          priceOverridden: false,
          settlementDate: original.settlementDate,
          settlementDelta: null,
          expiresAt: original.expiresAt,
          state: 'DEFAULT',
          source: payload.source,
          respondEoiId: original.id,
          details: { use_respond_eoi_price: payload.use_respond_eoi_price },
          createdAt: at,
          updatedAt: at,
        })
        await setEoiState(tx, original.id, 'RESPONDED', at)
        const buyerIsOriginal = original.quoteType === 'BID'
        const cluster = await insertCluster(tx, {
          finstrumentId: original.finstrumentId,
          buyerEoiId: buyerIsOriginal ? original.id : eoi.id,
          sellerEoiId: buyerIsOriginal ? eoi.id : original.id,
          buyerClientId: buyerIsOriginal ? original.clientId : user.clientId,
          sellerClientId: buyerIsOriginal ? user.clientId : original.clientId,
          quantity: payload.maximum_lot_stored,
          buyerPrice: price.unitPrice,
          sellerPrice: price.unitPrice,
          sellerSpread: 0,
          settlementDate: original.settlementDate,
          state: 'OPEN',
          updatedBy: user.id,
          createdAt: at,
          updatedAt: at,
        })
        await audit(tx, {
          actor: user.id,
          action: 'eoi_responded',
          ip: ip ?? null,
          detail: { eoi_id: eoi.id, respond_eoi_id: original.id, cluster_id: cluster.id },
        })
        return { original, eoi, cluster }
      })
      await eoiEvent({ ...made.original, state: 'RESPONDED' })
      await clusterEvent(made.cluster)
      const full = await clusterById(db, made.cluster.id)
      return {
        eoi: eoiView(
          { ...made.eoi, isin: made.original.isin, displayName: made.original.displayName },
          at,
        ),
        cluster: clusterView(
          full as ClusterWithNames,
          clusterSide(full as ClusterWithNames, user.clientId) as ClusterSide,
        ),
      }
    },

    /** Withdraw one of the caller's client's live EOIs; its open clusters close with it. */
    async expire(user: AuthUser, id: string, ip?: string): Promise<Eoi> {
      const at = now()
      if (!/^\d{1,18}$/.test(id)) throw new HttpError(404, 'Quote not found')
      const done = await db.transaction(async (tx) => {
        const eoi = await eoiById(tx, Number(id), { lock: true })
        if (!eoi || eoi.clientId !== user.clientId) throw new HttpError(404, 'Quote not found')
        if (!isLive(eoi, at)) throw new HttpError(409, MM.quoteNotLive)
        await setEoiState(tx, eoi.id, 'EXPIRED', at)
        const closed = await openClustersOf(tx, eoi.id)
        for (const cluster of closed) {
          await updateCluster(tx, cluster.id, {
            state: 'CLOSED',
            closedAt: at,
            updatedAt: at,
            updatedBy: user.id,
          })
        }
        await audit(tx, {
          actor: user.id,
          action: 'eoi_expired',
          ip: ip ?? null,
          detail: { eoi_id: eoi.id, clusters_closed: closed.map((c) => c.id) },
        })
        return { eoi: { ...eoi, state: 'EXPIRED', updatedAt: at }, closed }
      })
      await eoiEvent(done.eoi)
      for (const cluster of done.closed) await clusterEvent({ ...cluster, state: 'CLOSED' })
      return eoiView(done.eoi, at)
    },

    /** The caller's client's EOIs, newest first. */
    async listEois(user: AuthUser, query: EoiListQuery): Promise<EoiPage> {
      const at = now()
      const { rows, total } = await listEois(db, {
        clientId: user.clientId,
        ...(query.finstrument_id ? { finstrumentId: query.finstrument_id } : {}),
        ...(query.live ? { live: true } : {}),
        now: at,
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      })
      return {
        results: rows.map((row) => eoiView(row, at)),
        count: total,
        page: query.page,
        page_size: query.page_size,
      }
    },

    /**
     * Market depth of one bond: live quotes by price level, best first. Without trade access the
     * lists are empty (spec section 6).
     */
    async depth(user: AuthUser, query: DepthQuery): Promise<MarketDepth> {
      const at = now()
      const row = await bondOf(query.finstrument_id ?? (query.isin as string))
      if (query.isin && query.finstrument_id && row.isin !== query.isin) {
        throw bad('isin', 'The ISIN is not the bond of the finstrument id')
      }
      const canTrade = user.permissions.includes(PERMISSIONS.canTrade)
      const terms = termsOrNull(row)
      const side = async (quoteType: QuoteType) => {
        if (!canTrade) return []
        const levels = await bookLevels(db, {
          finstrumentId: row.id,
          side: quoteType,
          now: at,
          clientId: user.clientId,
          limit: query.levels,
        })
        return levels.map((level) => ({
          unit_clean_price: level.unitPrice,
          bond_yield: yieldOrNull(terms, level.settlementDate, level.unitPrice),
          settlement_date: level.settlementDate,
          quantum: level.quantum,
          quotes: level.quotes,
          mine: level.mine,
        }))
      }
      const [bids, asks] = await Promise.all([side('BID'), side('ASK')])
      return {
        finstrument_id: row.id,
        isin: row.isin,
        display_name: row.displayName,
        bids,
        asks,
        as_of: at.toISOString(),
      }
    },

    /**
     * The market quote of a bond: the best live quote of the side asked (callers with trade
     * access), else with `infer_from_market` the last trade's yield (signed-in callers) or the
     * yield the issuer disclosed, carried to the settlement asked; else no price.
     */
    async marketQuote(
      user: AuthUser | null,
      id: string,
      request: MarketQuoteRequest,
    ): Promise<MarketQuote> {
      const at = now()
      const today = todayInIndia(at)
      const row = await bondOf(id)
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
    },

    /** The clusters the caller's client is a party to, latest change first. */
    async listClusters(user: AuthUser, query: ClusterListQuery): Promise<ClusterPage> {
      const { rows, total } = await listClusters(db, {
        clientId: user.clientId,
        ...(query.finstrument_id ? { finstrumentId: query.finstrument_id } : {}),
        ...(query.open ? { open: true } : {}),
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      })
      return {
        results: rows.map((row) =>
          clusterView(row, clusterSide(row, user.clientId) as ClusterSide),
        ),
        count: total,
        page: query.page,
        page_size: query.page_size,
      }
    },

    /** One cluster the caller's client is a party to. */
    async getCluster(user: AuthUser, id: string): Promise<Cluster> {
      const { row, side } = await partyCluster(user, id)
      return clusterView(row, side)
    },

    /**
     * Negotiate an open cluster: quantity (up to both quotes' quantum), prices, spread, settlement,
     * facilitator; `close` ends it (its response quote closes; the quote it answered is live again
     * when nothing else negotiates on it).
     */
    async updateCluster(
      user: AuthUser,
      id: string,
      update: ClusterUpdate,
      ip?: string,
    ): Promise<Cluster> {
      const at = now()
      const today = todayInIndia(at)
      const changed = await db.transaction(async (tx) => {
        const { row } = await partyCluster(user, id, { tx, lock: true })
        if (row.state !== 'OPEN') throw new HttpError(409, MM.clusterClosed)
        const [buyerEoi, sellerEoi] = await Promise.all([
          eoiById(tx, row.buyerEoiId),
          eoiById(tx, row.sellerEoiId),
        ])
        if (!buyerEoi || !sellerEoi) throw new HttpError(404, 'Cluster not found')
        const bond = await findFinstrument(tx, row.finstrumentId)
        if (!bond) throw new HttpError(404, 'Bond not found')
        if (update.quantity > Math.min(buyerEoi.quantum, sellerEoi.quantum)) {
          throw bad('quantity', MM.aboveQuantum)
        }
        checkSettlement(bond, update.settlement_date, today, 'settlement_date')
        const facilitator = update.facilitator === null ? null : String(update.facilitator)
        if (facilitator !== null) {
          const client = await clientById(tx, facilitator)
          if (!client?.isBroker) throw bad('facilitator', MM.facilitatorNotBroker)
        }
        if (facilitator === null && update.buyer_price !== update.seller_price) {
          throw bad('seller_price', MM.samePriceWithoutFacilitator)
        }
        if (
          Math.abs(roundTo(update.buyer_price - update.seller_price, 4) - update.seller_spread) >
          1e-9
        ) {
          throw bad('seller_spread', MM.spreadMismatch)
        }
        const terms = termsOrNull(bond)
        for (const [field, price] of [
          ['buyer_price', update.buyer_price],
          ['seller_price', update.seller_price],
        ] as const) {
          if (price <= 0) throw bad(field, M.cannotBeZero)
          if (terms) {
            try {
              yieldFromPrice(terms, update.settlement_date, price)
            } catch (error) {
              if (error instanceof PricingError) throw bad(field, error.message)
              throw error
            }
          }
        }
        const patch = {
          quantity: update.quantity,
          buyerPrice: update.buyer_price,
          sellerPrice: update.seller_price,
          sellerSpread: update.seller_spread,
          settlementDate: update.settlement_date,
          facilitatorClientId: facilitator,
          updatedBy: user.id,
          updatedAt: at,
          ...(update.close ? { state: 'CLOSED', closedAt: at } : {}),
        }
        await updateCluster(tx, row.id, patch)
        const reopened: EoiWithBond[] = []
        if (update.close) {
          // The response quote ends with its cluster; the quote it answered is DEFAULT again when
          // no other cluster negotiates on it.
          for (const eoi of [buyerEoi, sellerEoi]) {
            if (eoi.respondEoiId !== null && isLive(eoi, at)) {
              await setEoiState(tx, eoi.id, 'CLOSED', at)
            } else if (eoi.state === 'RESPONDED') {
              const others = (await openClustersOf(tx, eoi.id)).filter((c) => c.id !== row.id)
              if (others.length === 0) {
                await setEoiState(tx, eoi.id, 'DEFAULT', at)
                reopened.push({ ...eoi, state: 'DEFAULT' })
              }
            }
          }
        }
        await audit(tx, {
          actor: user.id,
          action: update.close ? 'cluster_closed' : 'cluster_updated',
          ip: ip ?? null,
          detail: { cluster_id: row.id, ...update },
        })
        return { before: row, reopened }
      })
      for (const eoi of changed.reopened) await eoiEvent(eoi)
      const { row, side } = await partyCluster(user, id)
      await clusterEvent(row)
      // A facilitator dropped from the cluster hears of it once more.
      if (
        changed.before.facilitatorClientId &&
        changed.before.facilitatorClientId !== row.facilitatorClientId
      ) {
        await clusterEvent({ ...row, facilitatorClientId: changed.before.facilitatorClientId })
      }
      return clusterView(row, side)
    },

    /**
     * A cluster priced at a clean price (the caller's side's price by default): yield, accrued
     * and consideration for its quantity at its settlement, as the accept call takes them.
     */
    async priceCluster(user: AuthUser, id: string, price?: number): Promise<ClusterPrice> {
      const { row, side } = await partyCluster(user, id)
      const bond = await bondOf(row.finstrumentId)
      const clean = price ?? (side === 'SELLER' ? row.sellerPrice : row.buyerPrice)
      const terms = termsOf(bond)
      const result = priced(() => priceAt(terms, row.settlementDate, { clean_price: clean }))
      const accrued = result.accrued_interest
      return {
        cluster_id: row.id,
        unit_clean_price: result.price.unit_clean_price,
        bond_yield: result.price.bond_yield,
        settlement_date: row.settlementDate,
        quantity: row.quantity,
        accrued_interest: accrued,
        total_accrued_interest: roundTo((row.quantity * accrued) / 100, 2),
        consideration: roundTo((row.quantity * (clean + accrued)) / 100, 2),
      }
    },
  }
}

/** The yield of a price at a settlement, or null when the bond cannot be priced or no yield reaches it. */
function yieldOrNull(terms: BondTerms | null, settlement: string, price: number): number | null {
  if (!terms) return null
  try {
    return roundTo(yieldFromPrice(terms, settlement, price), 6)
  } catch (error) {
    if (error instanceof PricingError) return null
    throw error
  }
}

/** The market service's type. */
export type MarketService = ReturnType<typeof marketService>
