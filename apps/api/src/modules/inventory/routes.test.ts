// The inventory on the real app and database, with the bond universe and the demo accounts: Demo
// Capital's dealer (premium) uploads a book (a preview naming every bad row, a refusal saving
// nothing, then the clean file), reads it valued to the paisa as @bonds/pricing values it, sells
// outside the platform (the position falls on the settlement date), edits a cost (the old one on
// the audit log), offers on the market (never more than the free position) and confirms the day;
// Demo Securities (basic) gets 402 with the inventory's request type; the book survives a restart.
import {
  INVENTORY_MESSAGES as IM,
  VALIDATION_MESSAGES as M,
  type InventoryPage,
  type PrivateRunPage,
} from '@bonds/domain'
import {
  accruedInterest,
  bookTotals,
  formatRupees,
  priceFromYield,
  roundTo,
  settlementOnCalendar,
  todayInIndia,
  tradeConsideration,
} from '@bonds/pricing'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { zipSync, strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { verifyAuditChain } from '../../db/audit.ts'
import type { Database } from '../../db/index.ts'
import { inventoryEntries, inventoryOffers } from '../../db/inventory-schema.ts'
import { auditLog, eois, users } from '../../db/schema.ts'
import { createInProcessBus, type DomainEvent } from '../../events/bus.ts'
import type { ChatBusMessage } from '../chat/index.ts'
import { chatMessages } from '../../db/chat-schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { findFinstrument } from '../finstruments/index.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { termsOf } from '../pricing/index.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032, face ₹100
const GS_2033 = 'IN0020230085' // 7.18% GS 2033
const HDFC_2032 = 'INE040A08807' // 8.00% HDFC Bank 2032, face ₹10,00,000
const CHOLA_2028 = 'INE121A07RE9' // 8.4% Cholamandalam 2028: a disclosed yield (the model's)
const STRIPS_2026 = 'IN000126C010' // matured 2 Jan 2026
const HEADER = 'isin,face_value,clean_price,yield,trade_date,settlement_date,book'

let app: FastifyInstance
let database: Database
const chatBus = createInProcessBus<ChatBusMessage>()
const token: Record<string, string> = {}
let aheadDays = 0
const clock = () => new Date(Date.now() + aheadDays * 86_400_000)
const today = () => todayInIndia(clock())
const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'inventory-test',
  AUTH_RATE_LIMIT: '10000',
  WRITE_RATE_LIMIT: '100000',
})
const start = async () => {
  app = await buildApp(config, {
    web: false,
    database,
    demoMarket: false,
    demoInventory: false,
    clock,
    ticketSweepMs: 3_600_000,
    // One chat message in 10 s: an offer to two counterparties meets it at its second message
    // (the demo's chats, sent faster, are not entered).
    demoChat: false,
    chatSendLimit: { max: 1, windowMs: 10_000 },
    chatBus,
  })
  await app.ready()
  for (const who of ['dealer', 'broker', 'viewer', 'compliance']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
}

beforeAll(async () => {
  database = await universeTestDatabase()
  await start()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** A multipart body with one file in `field`. */
async function multipart(bytes: Uint8Array, name: string, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([bytes]), name)
  const request = new Request('http://x/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  }
}

const upload = async (
  who: string | null,
  text: string | Uint8Array,
  preview = false,
  name = 'book.csv',
) =>
  as(app, who ? token[who]! : null, {
    method: 'POST',
    url: `/api/inventory/upload/${preview ? '?preview=true' : ''}`,
    ...(await multipart(typeof text === 'string' ? strToU8(text) : text, name)),
  })

const call = (
  who: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => as(app, who ? token[who]! : null, { method, url, ...(payload ? { payload } : {}) })

const book = async (query = '') => {
  const res = await call('dealer', 'GET', `/api/inventory/${query}`)
  expect(res.statusCode).toBe(200)
  return res.json<InventoryPage>()
}
const position = async (isin: string, bookName = 'Trading') =>
  (await book()).results.find((p) => p.isin === isin && p.book === bookName)

/** A file of four clean rows. */
const cleanRows = () => [
  `${GS_2032},500000000,,6.9,${today()},${today()},Trading`,
  `${GS_2033},250000000,99.5,,${today()},${today()},Trading`,
  `${HDFC_2032},20000000,101.25,,${today()},${today()},Treasury`,
  `${GS_2033},100000000,,7.05,${today()},${today()},AFS`,
  `${CHOLA_2028},10000000,100.5,,${today()},${today()},Treasury`,
]

describe('access', () => {
  it('needs a signed-in caller, the premium tier (402 with the inventory request type) and the permission', async () => {
    expect((await call(null, 'GET', '/api/inventory/')).statusCode).toBe(401)
    const basic = await call('broker', 'GET', '/api/inventory/')
    expect(basic.statusCode).toBe(402)
    expect(basic.json()).toMatchObject({
      message: 'Upgrade to premium plan to start',
      request_type: 'INVENTORY_ACCESS',
    })
    expect((await upload('broker', HEADER)).statusCode).toBe(402)
    expect((await call('compliance', 'GET', '/api/inventory/')).statusCode).toBe(403)
    // A Trade Viewer of a premium firm reads the book but does not change it.
    expect((await call('viewer', 'GET', '/api/inventory/')).statusCode).toBe(200)
    expect((await upload('viewer', HEADER)).statusCode).toBe(403)
  })

  it('files the inventory upgrade request once for a basic client', async () => {
    const ask = () =>
      call('broker', 'POST', '/ext/tickets/', {
        ticket_type_id: 4,
        ticket_attributes: { form_type: basic.json().request_type, page: '/inventory' },
      })
    const basic = await call('broker', 'GET', '/api/inventory/')
    const first = await ask()
    const second = await ask()
    expect(first.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
  })
})

describe('upload', () => {
  it('previews every bad row in the spec’s words and saves nothing', async () => {
    const rows = [
      ...cleanRows(),
      `INE000000000,100000,99,,${today()},${today()},Trading`,
      `${STRIPS_2026},100000,99,,${today()},${today()},Trading`,
      `${HDFC_2032},1500000,101,,${today()},${today()},Trading`,
      `${GS_2032},100000,99,7.1,${today()},${today()},Trading`,
      `${GS_2032},100000,,,not-a-date,${today()},`,
    ]
    const res = await upload('dealer', [HEADER, ...rows].join('\r\n'), true)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.rows).toHaveLength(10)
    expect(body.rows[0]).toMatchObject({ row: 1, isin: GS_2032, face_value: 500000000, yield: 6.9 })
    expect(body.errors).toEqual([
      { row: 6, field: 'isin', message: IM.unknownIsin },
      { row: 7, field: 'isin', message: IM.matured },
      { row: 8, field: 'face_value', message: IM.notLotMultiple(formatRupees(1_000_000, 0)) },
      { row: 9, field: 'clean_price', message: M.bothPriceYield },
      { row: 10, field: 'clean_price', message: IM.priceOrYield },
      { row: 10, field: 'trade_date', message: IM.dateFormat },
      { row: 10, field: 'book', message: IM.bookRequired },
    ])
    expect((await book()).count).toBe(0)

    const refused = await upload('dealer', [HEADER, ...rows].join('\n'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      message: IM.fileHasErrors,
      errors: body.errors,
      rows: body.rows,
    })
    expect((await book()).count).toBe(0)

    // A range of rows (a page showing progress): the same rows and errors, numbered in the file.
    const text = [HEADER, ...rows].join('\n')
    const part = async (query: string) =>
      as(app, token.dealer!, {
        method: 'POST',
        url: `/api/inventory/upload/?${query}`,
        ...(await multipart(strToU8(text), 'book.csv')),
      })
    const [first, second] = [
      await part('preview=true&from_row=1&to_row=7'),
      await part('preview=true&from_row=8&to_row=10'),
    ]
    expect(first.json().total_rows).toBe(10)
    expect([...first.json().rows, ...second.json().rows]).toEqual(body.rows)
    expect([...first.json().errors, ...second.json().errors]).toEqual(body.errors)
    expect(body.total_rows).toBe(10)
    const unsaved = await part('from_row=1&to_row=2')
    expect(unsaved.statusCode).toBe(400)
    expect(unsaved.json().fields).toEqual({ from_row: IM.rangeNeedsPreview })
    const backwards = await part('preview=true&from_row=5&to_row=2')
    expect(backwards.json().fields).toEqual({ to_row: IM.rangeBackwards })
  })

  it('refuses a file without the pinned header, without rows, or of another kind', async () => {
    const header = await upload('dealer', 'isin,face,price\nX,1,2')
    expect(header.statusCode).toBe(400)
    expect(header.json().fields).toEqual({ file: IM.badHeader })
    expect((await upload('dealer', `${HEADER}\n`)).json().fields).toEqual({ file: IM.noRows })
    const pdf = await upload(
      'dealer',
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe]),
      false,
      'x.pdf',
    )
    expect(pdf.json().fields).toEqual({ file: IM.notCsvOrXlsx })
    const wrongField = await as(app, token.dealer!, {
      method: 'POST',
      url: '/api/inventory/upload/',
      ...(await multipart(strToU8(HEADER), 'book.csv', 'attachment')),
    })
    expect(wrongField.json().fields).toEqual({ file: IM.fileMissing })
    const misspelt = await call('dealer', 'POST', '/api/inventory/upload/?preveiw=true')
    expect(misspelt.statusCode).toBe(400)
    expect(misspelt.json().message).toBe('Unknown field: preveiw')
  })

  it('reads an XLSX with the same first row (shared and inline strings, a date cell)', async () => {
    const shared = HEADER.split(',').concat(['Trading'])
    const sst = `<sst>${shared.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`
    const head = shared
      .slice(0, 7)
      .map((_, i) => `<c r="${'ABCDEFG'[i]}1" t="s"><v>${i}</v></c>`)
      .join('')
    const serial = (Date.parse(`${today()}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000
    const data =
      `<c r="A2" t="inlineStr"><is><t>${GS_2032}</t></is></c><c r="B2"><v>100000</v></c>` +
      `<c r="D2"><v>6.95</v></c><c r="E2" s="1"><v>${serial}</v></c>` +
      `<c r="F2" t="str"><v>${today()}</v></c><c r="G2" t="s"><v>7</v></c>`
    const xlsx = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="Book" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Target="worksheets/sheet1.xml" Id="rId1" Type="x"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(sst),
      'xl/styles.xml': strToU8(
        '<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<worksheet><sheetData><row r="1">${head}</row><row r="2">${data}</row></sheetData></worksheet>`,
      ),
    })
    const res = await upload('dealer', xlsx, true, 'book.xlsx')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      rows: [
        {
          row: 1,
          isin: GS_2032,
          display_name: '6.54% GS 2032',
          face_value: 100000,
          clean_price: null,
          yield: 6.95,
          trade_date: today(),
          settlement_date: today(),
          book: 'Trading',
        },
      ],
      errors: [],
      total_rows: 1,
    })
  })

  it('saves a clean file whole and values it to the paisa as @bonds/pricing does', async () => {
    const res = await upload('dealer', [HEADER, ...cleanRows()].join('\n'))
    expect(res.statusCode).toBe(201)
    expect(res.json().rows).toHaveLength(5)
    const page = await book()
    expect(page.count).toBe(5)
    expect(page.results.map((p) => `${p.book} ${p.isin}`)).toEqual([
      `AFS ${GS_2033}`,
      `Trading ${GS_2032}`,
      `Trading ${GS_2033}`,
      `Treasury ${HDFC_2032}`,
      `Treasury ${CHOLA_2028}`,
    ])
    // No quote, trade or disclosed yield for GS 2032 here: valued at its cost, saying so.
    const gs = page.results.find((p) => p.isin === GS_2032)!
    const gsTerms = termsOf((await findFinstrument(database.db, GS_2032))!)
    expect(gs.cost_clean_price).toBe(roundTo(priceFromYield(gsTerms, today(), 0.069).cleanPrice, 4))
    expect(gs).toMatchObject({ value_source: 'COST', unrealised_pnl: 0, quantity: 5_000_000 })
    expect(gs.modified_duration).toBeGreaterThan(3)
    expect(gs.pv01).toBeGreaterThan(0)
    // Chola: the model price at its disclosed yield, to the paisa.
    const chola = page.results.find((p) => p.isin === CHOLA_2028)!
    const bond = (await findFinstrument(database.db, CHOLA_2028))!
    const terms = termsOf(bond)
    expect(chola.value_source).toBe('MODEL')
    expect(chola.yield).toBe(roundTo(bond.indicativeYield!, 6))
    const clean = roundTo(priceFromYield(terms, today(), chola.yield!).cleanPrice, 4)
    const accrued = accruedInterest(terms, today())
    const market = tradeConsideration({
      faceAmount: 10_000_000,
      cleanPrice: clean,
      accruedPer100: accrued,
    })
    const cost = tradeConsideration({
      faceAmount: 10_000_000,
      cleanPrice: 100.5,
      accruedPer100: accrued,
    })
    expect(chola.market_clean_price).toBe(clean)
    expect(chola.market_value).toBe(market.consideration / 100)
    expect(chola.accrued).toBe(market.accruedInterest / 100)
    expect(chola.unrealised_pnl).toBe((market.principal - cost.principal) / 100)
    // Totals: per book, by issuer and rating, summed in paise.
    const sum = page.results.reduce((a, p) => a + Math.round(p.market_value * 100), 0)
    expect(page.totals.market_value).toBe(sum / 100)
    expect(page.totals.by_book.map((b) => b.book)).toEqual(['AFS', 'Trading', 'Treasury'])
    expect(page.totals.by_issuer[0]!.name).toBe('Government of India')
    expect(page.totals.face_value).toBe(880_000_000)
  })

  it('filters by type, issuer, maturity bucket and pages', async () => {
    expect((await book('?type=CORPORATE')).results.map((p) => p.isin)).toEqual([
      HDFC_2032,
      CHOLA_2028,
    ])
    expect((await book('?issuer=hdfc')).count).toBe(1)
    expect((await book('?type=GSEC&maturity_bucket=5-10Y')).count).toBe(3)
    const paged = await book('?page=2&page_size=3')
    expect(paged.results).toHaveLength(2)
    expect(paged.totals.face_value).toBe(880_000_000)
    const bad = await call('dealer', 'GET', '/api/inventory/?type=BOND&serch=x')
    expect(bad.statusCode).toBe(400)
  })
})

describe('external trades', () => {
  it('checks a trade like a ticket', async () => {
    const base = {
      finstrument_id: GS_2032,
      book: 'Trading',
      buy_or_sell: 'sell',
      quantum: 50_000_000,
      trade_date: today(),
      settlement_date: settlementOnCalendar('GSEC', today(), 1),
    }
    const both = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      ...base,
      unit_clean_price: 99,
      bond_yield: 7,
    })
    expect(both.json().fields).toEqual({ unit_clean_price: M.bothPriceYield })
    const tooMuch = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      ...base,
      quantum: 600_000_000,
      bond_yield: 7,
    })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().fields.quantum).toMatch(/Cannot sell more than the position/)
    const lot = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      ...base,
      finstrument_id: HDFC_2032,
      book: 'Treasury',
      quantum: 1_500_000,
      bond_yield: 8,
    })
    expect(lot.json().fields.quantum).toBe(IM.notLotMultiple(formatRupees(1_000_000, 0)))
    const unknown = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      ...base,
      bond_yield: 7,
      counterpary: 'x',
    })
    expect(unknown.json().message).toBe('Unknown field: counterpary')
  })

  it('sells 5 crore outside the platform: priced to the paisa, the position falls on the settlement date', async () => {
    const settlement = settlementOnCalendar('GSEC', today(), 1)
    const participants = await call(
      'dealer',
      'GET',
      '/api/inventory/search-nsscl-participants/?search_param=Demo',
    )
    expect(participants.statusCode).toBe(200)
    const counterparty = participants
      .json()
      .results.find((p: { name: string }) => p.name === 'Demo Securities')
    const res = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      finstrument_id: GS_2032,
      book: 'Trading',
      buy_or_sell: 'sell',
      quantum: 50_000_000,
      bond_yield: 7,
      trade_date: today(),
      settlement_date: settlement,
      counterparty_id: counterparty?.client_id,
    })
    expect(res.statusCode).toBe(201)
    const terms = termsOf((await findFinstrument(database.db, GS_2032))!)
    const clean = roundTo(priceFromYield(terms, settlement, 0.07).cleanPrice, 4)
    const money = tradeConsideration({
      faceAmount: 50_000_000,
      cleanPrice: clean,
      accruedPer100: accruedInterest(terms, settlement),
    })
    expect(res.json()).toMatchObject({
      unit_clean_price: clean,
      bond_yield: 0.07,
      consideration: money.consideration / 100,
      counterparty_name: 'Demo Securities',
      settled: false,
    })
    const before = (await position(GS_2032))!
    expect(before.face_value).toBe(500_000_000)
    expect(before.reserved_face_value).toBe(50_000_000)
    while (today() < settlement) aheadDays += 1
    try {
      const after = (await position(GS_2032))!
      expect(after.face_value).toBe(450_000_000)
      expect(after.reserved_face_value).toBe(0)
      expect(after.cost_clean_price).toBe(before.cost_clean_price)
    } finally {
      aheadDays = 0
    }
  })
})

describe('costs, offers and the start of day', () => {
  it('edits a cost and keeps the old one on the audit log', async () => {
    const before = (await position(GS_2033))!
    const res = await call('dealer', 'PUT', '/api/inventory/edit-valuation-cost/', {
      finstrument_id: GS_2033,
      book: 'Trading',
      cost_clean_price: 98.75,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ cost_clean_price: 98.75, cost_edited: true })
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'inventory_cost_edited'))
      .orderBy(desc(auditLog.id))
    expect(entry!.detail).toMatchObject({
      old_cost_clean_price: before.cost_clean_price,
      new_cost_clean_price: 98.75,
    })
    expect(await verifyAuditChain(database.db)).toBeNull()
    const missing = await call('dealer', 'PUT', '/api/inventory/edit-valuation-cost/', {
      finstrument_id: GS_2033,
      book: 'Nowhere',
      cost_clean_price: 98,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('values a bond again when a quote moves (the kept valuation is not reused)', async () => {
    const before = (await position(CHOLA_2028, 'Treasury'))!
    expect(before.value_source).toBe('MODEL')
    const quote = await call('dealer', 'POST', '/api/trade/eoi/', {
      quantum: 10_000_000,
      finstrument_id: CHOLA_2028,
      quote_type: 'BID',
      fixed_field: 'yield',
      yield_stored: 0.0905,
    })
    expect(quote.statusCode).toBe(201)
    const after = (await position(CHOLA_2028, 'Treasury'))!
    expect(after).toMatchObject({ value_source: 'LIVE_QUOTE', yield: 0.0905 })
    expect(after.market_value).toBeLessThan(before.market_value)
  })

  it('reads only the positions of the bonds named (a page patching a tick), valued for the caller', async () => {
    const whole = await book('?page_size=500')
    const named = (p: { isin: string }) => p.isin === CHOLA_2028 || p.isin === GS_2032
    const chola = whole.results.find((p) => p.isin === CHOLA_2028)!
    const gs = whole.results.find((p) => p.isin === GS_2032)!
    const ids = `${chola.finstrument_id},${gs.finstrument_id}`
    const moved = await book(`?finstrument_id=${ids}&page_size=500`)
    // Exactly the named bonds' positions, in every book, as the whole book values them.
    expect(moved.results).toEqual(whole.results.filter(named))
    expect(moved.results).toHaveLength(2)
    expect(whole.count).toBeGreaterThan(4)
    expect(moved.count).toBe(moved.results.length)
    expect(moved.totals).toEqual(bookTotals(moved.results))
    expect(moved.results.find((p) => p.isin === CHOLA_2028)!.value_source).toBe('LIVE_QUOTE')
    // A Trade Viewer of the firm reads them too, valued as it may see the market.
    const viewer = await call('viewer', 'GET', `/api/inventory/?finstrument_id=${ids}`)
    expect(viewer.statusCode).toBe(200)
    expect(
      viewer
        .json<InventoryPage>()
        .results.map((p) => p.isin)
        .sort(),
    ).toEqual(moved.results.map((p) => p.isin).sort())
    // Another firm (basic) and a user without the inventory's permission read nothing.
    expect((await call('broker', 'GET', `/api/inventory/?finstrument_id=${ids}`)).statusCode).toBe(
      402,
    )
    expect(
      (await call('compliance', 'GET', `/api/inventory/?finstrument_id=${ids}`)).statusCode,
    ).toBe(403)
    expect((await book('?finstrument_id=NOT-HELD')).results).toEqual([])
    const bad = await call('dealer', 'GET', '/api/inventory/?finstrument_id=a,,b')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({ finstrument_id: 'Bond ids are separated by commas' })
    const many = Array.from({ length: 201 }, (_, i) => `B${i}`).join(',')
    expect((await call('dealer', 'GET', `/api/inventory/?finstrument_id=${many}`)).statusCode).toBe(
      400,
    )
  })

  it('offers 10 crore on the market, never more than the free position', async () => {
    const res = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [{ finstrument_id: GS_2033, book: 'Trading', quantum: 100_000_000 }],
    })
    expect(res.statusCode).toBe(201)
    const [offer] = res.json().results
    expect(offer).toMatchObject({ isin: GS_2033, quantum: 100_000_000 })
    // The broker's market depth shows the offer.
    const depth = await call('broker', 'GET', `/api/quote/depth/?isin=${GS_2033}`)
    expect(JSON.stringify(depth.json())).toContain('100000000')
    const after = (await position(GS_2033))!
    expect(after.free_face_value).toBe(150_000_000)
    const over = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [
        { finstrument_id: GS_2033, book: 'Trading', quantum: 100_000_000 },
        { finstrument_id: GS_2033, book: 'Trading', quantum: 100_000_000 },
      ],
    })
    expect(over.statusCode).toBe(400)
    expect(over.json().fields['offers.1.quantum']).toBe(IM.moreThanFree('₹15 cr'))
    expect((await position(GS_2033))!.free_face_value).toBe(150_000_000)
  })

  it('two offers at once never take more than the free position between them', async () => {
    const free = (await position(GS_2033))!.free_face_value
    const offer = () =>
      call('dealer', 'POST', '/api/inventory/offer/', {
        offers: [{ finstrument_id: GS_2033, book: 'Trading', quantum: free }],
      })
    const answers = await Promise.all([offer(), offer()])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses[0]).toBe(201)
    // The second is refused: by the lock's re-check (409) or, checked after the first, as more
    // than the free position (400).
    expect([400, 409]).toContain(statuses[1])
    const refused = answers.find((a) => a.statusCode !== 201)!
    if (refused.statusCode === 409) expect(refused.json().message).toBe(IM.offeredMeanwhile)
    expect((await position(GS_2033))!.free_face_value).toBe(0)
  })

  it('offers several positions all or nothing: a refusal of the third posts none and names it', async () => {
    const seen: DomainEvent[] = []
    const stop = app.events.subscribe((event) => void seen.push(event))
    const before = await database.db.select().from(inventoryOffers)
    const eoisBefore = await database.db.select().from(eois)
    const freeBefore = (await position(GS_2032))!.free_face_value
    const res = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [
        { finstrument_id: GS_2032, book: 'Trading', quantum: 10_000_000 },
        { finstrument_id: HDFC_2032, book: 'Treasury', quantum: 1_000_000 },
        // Settling before today: only the market refuses it, after the first two are posted.
        {
          finstrument_id: GS_2033,
          book: 'AFS',
          quantum: 10_000_000,
          settlement_date: '2026-01-05',
        },
      ],
    })
    stop()
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      IM.offerRefused('7.18% GS 2033 (AFS)', 'Settlement date cannot be in the past'),
    )
    expect(Object.keys(res.json().fields)).toContain('offers.2')
    expect(await database.db.select().from(inventoryOffers)).toHaveLength(before.length)
    expect(await database.db.select().from(eois)).toHaveLength(eoisBefore.length)
    expect((await position(GS_2032))!.free_face_value).toBe(freeBefore)
    const depth = await call('broker', 'GET', `/api/quote/depth/?isin=${GS_2032}`)
    expect(JSON.stringify(depth.json())).not.toContain('10000000')
    // Nothing rolled back reached a socket.
    expect(seen.filter((e) => e.message.type === 'quotes_eoi')).toEqual([])
  })

  it('offers to two counterparties all or nothing: the second message refused, the first is not sent', async () => {
    // The chat's terms (the demo's chats, which accept them, are not entered here).
    const terms = await call('dealer', 'PATCH', '/api/client/chat-terms/', {
      has_accepted_chat_terms: true,
    })
    expect(terms.statusCode).toBe(200)
    const [broker] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'broker@demo.test'))
    // A second dealer of Demo Securities.
    const second = {
      ...broker!,
      id: `${broker!.id}-2`,
      email: 'broker2@demo.test',
      mobile: '9800000299',
    }
    await database.db.insert(users).values(second)
    const free = (await position(GS_2032))!.free_face_value
    const offersBefore = await database.db.select().from(inventoryOffers)
    const messagesBefore = await database.db.select().from(chatMessages)
    const runBefore = (
      await call('broker', 'GET', '/api/eoi/private-run/?page=1&page_size=20')
    ).json<PrivateRunPage>().count
    const heard: ChatBusMessage[] = []
    const stop = chatBus.subscribe((message) => void heard.push(message))
    const res = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [{ finstrument_id: GS_2032, book: 'Trading', quantum: 10_000_000 }],
      counterparty_user_ids: [broker!.id, second.id],
    })
    // (The direct channels were opened before: their creation is told, over Redis after the answer.)
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0))
    stop()
    // The chat's send limit refuses the second message: nothing is reserved, the first message
    // is not stored (its counterparty's run has no new line), and no chat socket heard of it.
    expect(res.statusCode).toBe(429)
    expect(await database.db.select().from(inventoryOffers)).toHaveLength(offersBefore.length)
    expect((await position(GS_2032))!.free_face_value).toBe(free)
    expect(await database.db.select().from(chatMessages)).toHaveLength(messagesBefore.length)
    expect(JSON.stringify(heard)).not.toContain(`${GS_2032} offer`)
    const runAfter = (
      await call('broker', 'GET', '/api/eoi/private-run/?page=1&page_size=20')
    ).json<PrivateRunPage>().count
    expect(runAfter).toBe(runBefore)
  })

  it('offers positions to a chosen counterparty: their private run shows them, and only they hear', async () => {
    const [broker] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'broker@demo.test'))
    const [viewer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'viewer@demo.test'))
    const colleague = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [{ finstrument_id: GS_2032, book: 'Trading', quantum: 10_000_000 }],
      counterparty_user_ids: [viewer!.id],
    })
    expect(colleague.statusCode).toBe(400)
    expect(colleague.json().fields).toEqual({ 'counterparty_user_ids.0': IM.notRunCounterparty })
    const free = (await position(GS_2032))!.free_face_value
    const over = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [{ finstrument_id: GS_2032, book: 'Trading', quantum: free + 100_000 }],
      counterparty_user_ids: [broker!.id],
    })
    expect(over.json().fields['offers.0.quantum']).toMatch(/^Cannot offer more than the free/)

    const seen: DomainEvent[] = []
    const stop = app.events.subscribe((event) => void seen.push(event))
    const res = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [
        { finstrument_id: GS_2032, book: 'Trading', quantum: 20_000_000 },
        {
          finstrument_id: HDFC_2032,
          book: 'Treasury',
          quantum: 1_000_000,
          unit_clean_price: 101.5,
        },
      ],
      counterparty_user_ids: [broker!.id],
    })
    expect(res.statusCode).toBe(201)
    // Over the Redis bus the events arrive after the answer: wait for the run's before stopping.
    await vi.waitFor(() => expect(seen.some((e) => e.message.type === 'private_run')).toBe(true))
    stop()
    expect(res.json().results).toMatchObject([
      { isin: GS_2032, eoi_id: null, quantum: 20_000_000 },
      { isin: HDFC_2032, eoi_id: null, quantum: 1_000_000, unit_price_stored: 101.5 },
    ])
    expect(res.json().private_run).toMatchObject([{ user_id: broker!.id }])
    // The face offered is reserved.
    expect((await position(GS_2032))!.free_face_value).toBe(free - 20_000_000)
    // The broker's Private runs tab shows both lines, live, from the dealer's firm.
    const run = await call('broker', 'GET', '/api/eoi/private-run/?page=1&page_size=20')
    const lines = run.json<PrivateRunPage>().results
    expect(lines.find((l) => l.isin === GS_2032)).toMatchObject({
      status: 'live',
      quote_type: 'ASK',
      quantum: 20_000_000,
      yield: res.json().results[0].yield_stored,
      counterparty_name: 'Demo Capital',
    })
    expect(lines.find((l) => l.isin === HDFC_2032)).toMatchObject({
      status: 'live',
      quote_type: 'ASK',
      quantum: 1_000_000,
      price: 101.5,
    })
    // The private_run socket message goes to the broker alone.
    const runs = seen.filter((e) => e.message.type === 'private_run')
    expect(runs.length).toBeGreaterThan(0)
    expect(
      runs.every(
        (e) =>
          JSON.stringify(e.audience) === JSON.stringify({ kind: 'users', userIds: [broker!.id] }),
      ),
    ).toBe(true)
    expect(seen.some((e) => e.message.type === 'quotes_eoi')).toBe(false)
  })

  it('refuses a day ahead, a cost of zero, an offer of a bond not held and an unknown counterparty', async () => {
    const ahead = await call('dealer', 'PUT', '/api/inventory/confirm-previous/', {
      date: '2999-01-01',
    })
    expect(ahead.statusCode).toBe(400)
    expect(ahead.json().fields).toEqual({ date: IM.dateFuture })
    const zero = await call('dealer', 'PUT', '/api/inventory/edit-valuation-cost/', {
      finstrument_id: GS_2033,
      book: 'Trading',
      cost_clean_price: 0,
    })
    expect(zero.json().fields).toEqual({ cost_clean_price: M.cannotBeZero })
    const notHeld = await call('dealer', 'POST', '/api/inventory/offer/', {
      offers: [{ finstrument_id: HDFC_2032, book: 'Trading', quantum: 1_000_000 }],
    })
    expect(notHeld.json().fields).toEqual({ 'offers.0.finstrument_id': IM.positionNotFound })
    const stranger = await call('dealer', 'POST', '/api/inventory/external-trade/', {
      finstrument_id: GS_2032,
      book: 'Trading',
      buy_or_sell: 'buy',
      quantum: 100_000,
      bond_yield: 7,
      trade_date: today(),
      settlement_date: settlementOnCalendar('GSEC', today(), 1),
      counterparty_id: 'no-such-firm',
    })
    expect(stranger.json().fields).toEqual({ counterparty_id: IM.counterpartyUnknown })
  })

  it('shows what changed overnight, then confirms the day once', async () => {
    const preview = await call('dealer', 'PUT', '/api/inventory/confirm-previous/?preview=true', {})
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ confirmed: false, date: today() })
    expect(preview.json().changes.some((c: { kind: string }) => c.kind === 'TRADE_SETTLED')).toBe(
      true,
    )
    const confirmed = await call('dealer', 'PUT', '/api/inventory/confirm-previous/', {})
    expect(confirmed.json()).toMatchObject({ confirmed: true, date: today() })
    expect((await book()).confirmed_through).toBe(today())
    const again = await call('dealer', 'PUT', '/api/inventory/confirm-previous/', {})
    expect(again.json()).toMatchObject({ confirmed: true, changes: [] })
  })
})

describe('restart', () => {
  it('keeps the numbers across a restart of the server', async () => {
    const before = await book()
    await app.close()
    await start()
    const after = await book()
    expect(after.results).toEqual(before.results)
    expect(after.totals).toEqual(before.totals)
    const entries = await database.db.select().from(inventoryEntries)
    expect(entries).toHaveLength(6)
  })
})
