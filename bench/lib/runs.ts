// The two runs tabs' data as the stream bench answers it: the public runs (`GET
// api/trade/d/market/`, one line per bond of the market, paged as the server pages them and
// sorted by bond name, or only the bonds a client's patch names) and a private run (`GET api/eoi/private-run/`, newest message first),
// each a small model the bench's messages change, so every refetch answers what they said.

/** A side's best level of a public run. */
interface Level {
  unit_price_stored: number
  yield_stored: number | null
  quantum: number
  settlement_date: string
}

/** A bond of the bench's market: its line's fixed part and how often its quotes moved. */
interface MarketBond {
  finstrument_id: string
  isin: string
  display_name: string
  moved: number
  updated_at: string
}

/** `count` ISIN-shaped ids (12 characters), distinct. */
export function benchMarketIsins(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `IN${String(10_020_000_000 + i).slice(1)}`)
}

/**
 * The whole public market: `count` bonds with live quotes (distinct names, e.g. "7.23% GS 2031"),
 * each with a best bid and offer that move with its quotes. `page` answers the list as the server
 * does: sorted by name, `page_size` lines of page `page`, `count` the whole market's.
 */
export class BenchMarket {
  readonly isins: string[]
  private bonds: MarketBond[]
  private byIsin = new Map<string, MarketBond>()
  /** Each bond's place in the list (by name): its levels depend on it. */
  private placeOf = new Map<string, number>()

  constructor(count: number) {
    this.isins = benchMarketIsins(count)
    const at = new Date().toISOString()
    this.bonds = this.isins.map((isin, i) => ({
      finstrument_id: isin,
      isin,
      display_name: `${(5 + (i % 500) / 100).toFixed(2)}% GS ${2026 + Math.floor(i / 500)}`,
      moved: 0,
      updated_at: at,
    }))
    for (const bond of this.bonds) this.byIsin.set(bond.isin, bond)
    this.bonds.sort((a, b) => a.display_name.localeCompare(b.display_name))
    this.bonds.forEach((bond, at) => this.placeOf.set(bond.finstrument_id, at))
  }

  /** A quote on `isin` moved (posted, changed or gone): its best levels change. */
  move(isin: string): void {
    const bond = this.byIsin.get(isin)
    if (!bond) return
    bond.moved += 1
    bond.updated_at = new Date().toISOString()
  }

  /**
   * The list's answer for a request's URL (`page`, `page_size`; `finstrument_id`: only those
   * bonds' lines, as the server answers a client's patch, decision 410), as JSON.
   */
  page(url: string): string {
    const query = new URL(url).searchParams
    const page = Math.max(1, Number(query.get('page') ?? 1))
    const size = Math.max(1, Number(query.get('page_size') ?? 100))
    const named = query.get('finstrument_id')
    if (named !== null) {
      const places = named
        .split(',')
        .map((id) => this.placeOf.get(id))
        .filter((at): at is number => at !== undefined)
        .sort((a, b) => a - b)
      return JSON.stringify({
        results: places.map((at) => this.run(this.bonds[at]!, at)),
        count: places.length,
        page: 1,
        page_size: size,
      })
    }
    const slice = this.bonds.slice((page - 1) * size, page * size)
    return JSON.stringify({
      results: slice.map((bond, at) => this.run(bond, (page - 1) * size + at)),
      count: this.bonds.length,
      page,
      page_size: size,
    })
  }

  private run(bond: MarketBond, i: number) {
    const step = (bond.moved % 20) - 10
    const level = (price: number, quantum: number): Level => ({
      unit_price_stored: Math.round(price * 10_000) / 10_000,
      yield_stored: Math.round((0.07 - (price - 100) / 1000) * 1_000_000) / 1_000_000,
      quantum,
      settlement_date: '2026-11-30',
    })
    const mid = 100 + (i % 500) / 100
    return {
      finstrument_id: bond.finstrument_id,
      isin: bond.isin,
      display_name: bond.display_name,
      // A bond in twenty has no offer, one in thirty no bid (one-sided markets).
      bid: i % 30 === 0 ? null : level(mid - 0.05 + step / 1000, 50_000_000 * (1 + (i % 5))),
      ask:
        i % 20 === 0
          ? null
          : level(mid + 0.05 + step / 1000, 50_000_000 * (1 + ((i + bond.moved) % 5))),
      quotes: 2 + (i % 7),
      mine: i % 11 === 0,
      clusters: [],
      updated_at: bond.updated_at,
    }
  }
}

/** A line of the bench's private run (`PrivateRunLine`). */
interface RunLine {
  id: number
  status: 'pending' | 'live'
  isin: string
  finstrument_id: string
  display_name: string
  quote_type: 'BID' | 'ASK'
  yield: number | null
  price: number | null
  quantum: number | null
  settlement_delta: 0 | 1 | null
  confidence: number
  auto: boolean
  doubts: string[]
  corrected: boolean
  channel_url: string
  channel_name: string
  message_id: number
  line: number
  source: string
  sender_id: string
  sender_name: string
  counterparty_client_id: string
  counterparty_name: string
  received_at: string
  updated_at: string
  rfq: null | {
    id: number
    exchange: 'NSE'
    state: 'initiated'
    [key: string]: unknown
  }
}

/** What a `private_run` message says happened to lines (the server's reasons). */
export type RunReason = 'received' | 'confirmed' | 'corrected' | 'dismissed' | 'sent_to_rfq'

const COUNTERPARTIES = ['Axis Bank', 'HDFC Bank', 'ICICI Securities', 'SBI DFHI', 'Kotak Mahindra']

/**
 * One trader's private run: `lines` lines read from messages of 1–4 quotes each, a quarter of
 * them waiting for confirmation. `change` applies a message's reason to lines of the newest page
 * (what a trader sees and acts on) and answers the message's data; `page` answers the list (newest
 * message first, `page_size` lines, `count` the whole run's).
 */
export class BenchPrivateRun {
  private lines: RunLine[] = []
  private nextId = 1
  private nextMessage = 1
  readonly isins: string[]

  constructor(lines: number, isins: string[]) {
    this.isins = isins
    while (this.lines.length < lines) this.receive(new Date(Date.now() - 3_600_000))
  }

  /** A chat message's quotes read into the run: its new lines, newest first. */
  private receive(at = new Date()): number[] {
    const message = this.nextMessage++
    const size = 1 + (message % 4)
    const who = COUNTERPARTIES[message % COUNTERPARTIES.length]!
    const added: RunLine[] = Array.from({ length: size }, (_, line) => {
      const id = this.nextId++
      const isin = this.isins[id % this.isins.length]!
      const byYield = id % 3 !== 0
      return {
        id,
        status: id % 4 === 0 ? 'pending' : 'live',
        isin,
        finstrument_id: isin,
        display_name: `${(5 + (id % 500) / 100).toFixed(2)}% GS ${2026 + (id % 40)}`,
        quote_type: id % 2 === 0 ? 'BID' : 'ASK',
        yield: byYield ? 0.07 + (id % 300) / 100_000 : null,
        price: byYield ? null : 100 + (id % 500) / 100,
        quantum: id % 9 === 0 ? null : 10_000_000 * (1 + (id % 25)),
        settlement_delta: id % 5 === 0 ? null : ((id % 2) as 0 | 1),
        confidence: id % 4 === 0 ? 0.6 : 0.97,
        auto: id % 4 !== 0,
        doubts: id % 4 === 0 ? ['Size read from the line before'] : [],
        corrected: false,
        channel_url: `bench-channel-${message % 12}`,
        channel_name: `${who} desk`,
        message_id: message,
        line: line + 1,
        source: `${isin} ${byYield ? '7.1050' : '101.25'} ${id % 2 === 0 ? 'bid' : 'offer'} 25 cr`,
        sender_id: `bench-sender-${message % 20}`,
        sender_name: `Trader ${message % 20}`,
        counterparty_client_id: `bench-client-${message % COUNTERPARTIES.length}`,
        counterparty_name: who,
        received_at: at.toISOString(),
        updated_at: at.toISOString(),
        rfq: null,
      }
    })
    this.lines.unshift(...added)
    return added.map((line) => line.id)
  }

  /** Apply a `private_run` message's change: the data the server sends for it. */
  change(reason: RunReason, n: number): { line_ids: number[]; reason: RunReason } {
    if (reason === 'received') return { line_ids: this.receive(), reason }
    // A line of the newest hundred (the tab's page): what the trader acts on.
    const shown = Math.min(100, this.lines.length)
    const line = this.lines[(n * 7) % shown]!
    const now = new Date().toISOString()
    if (reason === 'dismissed') {
      this.lines.splice(this.lines.indexOf(line), 1)
    } else if (reason === 'confirmed') {
      line.status = 'live'
      line.updated_at = now
    } else if (reason === 'corrected') {
      line.status = 'live'
      line.corrected = true
      if (line.yield !== null) line.yield = Math.round((line.yield + 0.0001) * 1e6) / 1e6
      else if (line.price !== null) line.price = Math.round((line.price + 0.05) * 1e4) / 1e4
      line.updated_at = now
    } else {
      line.rfq = {
        id: line.id,
        exchange: 'NSE',
        venue_ref: `NSE-RFQ-20261127-${String(line.id).padStart(6, '0')}`,
        state: 'initiated',
        role: 'initiator',
        group_id: null,
        finstrument_id: line.finstrument_id,
        isin: line.isin,
        display_name: line.display_name,
        quote_type: line.quote_type,
        quantum: line.quantum ?? 50_000_000,
        yield: line.yield,
        price: line.price,
        settlement_date: '2026-11-30',
        turn: 'responder',
        counterparty_name: line.counterparty_name,
        history: [
          {
            at: now,
            by: 'initiator',
            action: 'initiate',
            yield: line.yield,
            price: line.price,
            quantum: line.quantum,
          },
        ],
        ticket_id: null,
        private_run_id: line.id,
        created_at: now,
        updated_at: now,
      }
      line.updated_at = now
    }
    return { line_ids: [line.id], reason }
  }

  /** The list's answer for a request's URL (`page_size`), as JSON. */
  page(url: string): string {
    const size = Math.max(1, Number(new URL(url).searchParams.get('page_size') ?? 100))
    return JSON.stringify({
      results: this.lines.slice(0, size),
      count: this.lines.length,
      page: 1,
      page_size: size,
    })
  }
}
