// The document endpoints on the real app and database with the bond universe and the demo accounts:
// generated PDFs read back with pdf-lib (and with poppler's pdftotext where installed), the IM
// stored on disk under DATA_DIR/files, trades and credit rationale behind sign-in.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NO_INFORMATION_MEMORANDUM } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import { PDFDocument } from '@cantoo/pdf-lib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import {
  clients,
  creditRationales,
  informationMemoranda,
  informationMemorandumVersions,
  trades,
  users,
} from '../../db/schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { PDF_PROBLEMS } from './pdf-check.ts'
import { pdfText } from './testing.ts'
import { NOT_YOUR_MEMORANDUM } from './use-cases/upload-memorandum.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032, semi-annual, matures 17-Jan-2032
const FLOATING = 'IN0020180041' // a floating-rate bond: terms only
const STRIPS_2036 = 'IN000136C019' // a coupon STRIPS: pays no coupon
const UNKNOWN = 'IN9999999999'

let app: FastifyInstance
let database: Database
let dataDir: string
let opsAdmin: string
let dealer: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bonds-documents-'))
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'documents-test-secret',
      AUTH_RATE_LIMIT: '10000',
      DATA_DIR: dataDir,
    }),
    { web: false, database },
  )
  await app.ready()
  opsAdmin = (await signIn(app, 'opsadmin@demo.test')).access
  dealer = (await signIn(app, 'dealer@demo.test')).access
})

afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) })

async function textOf(body: Buffer) {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  return pdfText(body)
}

async function aPdf(label: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage().drawText(label)
  return Buffer.from(await doc.save())
}

describe('POST /api/bond-details/{id}/download/', () => {
  it('answers a PDF with the terms, the price at the settlement and the cash flows in rupees', async () => {
    const response = await post(`/api/bond-details/${GS_2032}/download/`, {
      bond_yield: 0.0668,
      settlement_date: '2026-11-23',
      quantity: 100_000,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${GS_2032}-bond-details.pdf"`,
    )
    const { lines } = await textOf(response.rawPayload)
    expect(lines[0]).toBe('Bonds Workspace')
    expect(lines[1]).toMatch(/^Generated \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} IST$/)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Bond details: 6.54% GS 2032',
        GS_2032,
        'Government of India',
        // the term sheet as the security page shows it: coupon as issued, dates 17-Jan-2032, ₹
        '6.54%',
        'Government security',
        'Half-yearly',
        '17-Jan-2032',
        '₹100 per unit',
        'Priced at the yield given (6.6800%).',
        '23-Nov-2026',
        '99.3870 per ₹100 of face value',
        '2.2890 per ₹100 of face value',
        '101.6760 per ₹100 of face value',
        '1,00,000 units',
        '₹1,01,67,600.00',
        'Cash flows for 1,00,000 units',
        '17-Jan-2027',
        // 3.27 per ₹100 a half-year on ₹1 crore of face value, Indian digit grouping
        '₹3,27,000.00',
        '₹1,00,00,000.00',
        '₹1,03,27,000.00',
      ]),
    )
    expect(lines.join(' ')).not.toMatch(/Rs\.|\d{2} [A-Z][a-z]{2} \d{4}/)
  })

  it.runIf(existsSync('/usr/bin/pdftotext'))(
    'reads as ₹ and 17-Jan-2032 in a PDF reader (poppler’s pdftotext)',
    async () => {
      const response = await post(`/api/bond-details/${GS_2032}/download/`, {
        bond_yield: 0.0668,
        settlement_date: '2026-11-23',
        quantity: 1000,
      })
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: response.rawPayload,
        encoding: 'utf8',
      })
      expect(text).toMatch(/Face value\s+₹100 per unit/)
      expect(text).toMatch(/Maturity\s+17-Jan-2032/)
      expect(text).toMatch(/₹1,01,676\.00/)
      expect(text).not.toContain('Rs.')
    },
  )

  it('prices at a yield equal to the coupon rate for one unit when no body is sent, and says so', async () => {
    const response = await post(`/api/bond-details/${GS_2032.toLowerCase()}/download/`)
    expect(response.statusCode).toBe(200)
    const { lines } = await textOf(response.rawPayload)
    expect(lines.join(' ')).toContain(
      'No yield or price was given: priced at a yield equal to the coupon rate (6.5400%).',
    )
    expect(lines).toContain('Cash flows for 1 unit')
    expect(lines).toContain('₹3.27')
  })

  it('gives the terms without prices, and why, for a bond that cannot be priced', async () => {
    const response = await post(`/api/bond-details/${FLOATING}/download/`, { bond_yield: 0.07 })
    expect(response.statusCode).toBe(200)
    const text = (await textOf(response.rawPayload)).lines.join(' ')
    expect(text).toContain(FLOATING)
    expect(text).toMatch(/No price is shown: .* cannot be priced/)
    expect(text).not.toContain('Consideration')
  })

  it('says a bond without a coupon needs a yield or a price, and still shows its cash flows', async () => {
    const response = await post(`/api/bond-details/${STRIPS_2036}/download/`, {
      settlement_date: '2026-11-23',
    })
    expect(response.statusCode).toBe(200)
    const text = (await textOf(response.rawPayload)).lines.join(' ')
    expect(text).toContain('pays no coupon to price at')
    expect(text).toContain('02-Jan-2036')
    expect(text).toContain('₹100.00')
  })

  it('answers 404 for an unknown bond and 400 with field messages for a bad body', async () => {
    const unknown = await post(`/api/bond-details/${UNKNOWN}/download/`, {})
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Bond not found')
    const both = await post(`/api/bond-details/${GS_2032}/download/`, {
      bond_yield: 0.07,
      clean_price: 99,
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().fields.bond_yield).toBe('Cannot provide both price and yield')
    const dates = await post(`/api/bond-details/${GS_2032}/download/`, {
      settlement_date: '2026-11-24',
      settlement_delta: 1,
    })
    expect(dates.json().fields.settlement_date).toBe('Cannot provide both settlement date & delta')
    const zero = await post(`/api/bond-details/${GS_2032}/download/`, { quantity: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().fields.quantity).toBe('Cannot be zero')
  })
})

describe('POST /api/quote/{id}/download/', () => {
  it('answers a PDF of the quote: price, yield, accrued, dirty price, settlement, quantity, consideration', async () => {
    const response = await post(`/api/quote/${GS_2032}/download/`, {
      clean_price: 99.387,
      settlement_date: '2026-11-23',
      quantity: 100,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${GS_2032}-quote.pdf"`,
    )
    const { lines } = await textOf(response.rawPayload)
    expect(lines[0]).toBe('Bonds Workspace')
    expect(lines).toEqual(
      expect.arrayContaining([
        'Quote: 6.54% GS 2032',
        GS_2032,
        'Yield solved from the clean price given (99.3870).',
        '17-Jan-2032',
        '23-Nov-2026',
        '99.3870 per ₹100 of face value',
        '6.6800%',
        '2.2890 per ₹100 of face value',
        '101.6760 per ₹100 of face value',
        '100 units',
        '₹10,000.00',
        '₹10,167.60',
      ]),
    )
  })

  it('answers 422 for a bond that cannot be priced, 404 for an unknown one, 400 for both inputs', async () => {
    const floating = await post(`/api/quote/${FLOATING}/download/`, { bond_yield: 0.07 })
    expect(floating.statusCode).toBe(422)
    expect(floating.json().message).toMatch(/cannot be priced/)
    const strips = await post(`/api/quote/${STRIPS_2036}/download/`, {})
    expect(strips.statusCode).toBe(422)
    expect(strips.json().message).toMatch(/pays no coupon/)
    expect((await post(`/api/quote/${UNKNOWN}/download/`, {})).statusCode).toBe(404)
    const both = await post(`/api/quote/${GS_2032}/download/`, {
      bond_yield: 0.07,
      clean_price: 99,
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().message).toBe('Cannot provide both price and yield')
  })
})

describe('information memoranda', () => {
  const upload = (
    token: string | null,
    id: string,
    payload: Buffer | string,
    type = 'application/pdf',
  ) =>
    as(app, token, {
      method: 'POST',
      url: `/api/im/upload/${id}/`,
      payload,
      headers: { 'content-type': type },
    })
  const download = (isin: unknown) => post('/api/im/download/', { isin })
  const storedFiles = () => {
    const folder = join(dataDir, 'files', 'im', GS_2032)
    return existsSync(folder) ? readdirSync(folder) : []
  }

  const memorandumInfo = async (id: string) =>
    (await app.inject({ url: `/api/v2/finstrument/info/${id}` })).json().information_memorandum

  it('tells the user when a bond has no memorandum yet, with no file', async () => {
    // the security page reads this first and offers no download (decision 111)
    expect(await memorandumInfo(GS_2032)).toBeNull()
    const response = await download(GS_2032)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json().message).toBe(NO_INFORMATION_MEMORANDUM)
  })

  it('checks the ISIN: 400 for a malformed one, 404 for an unknown bond', async () => {
    const bad = await download('NOT-AN-ISIN')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields.isin).toBe('Please enter a valid ISIN.')
    const missing = await post('/api/im/download/', {})
    expect(missing.json().fields.isin).toBe('ISIN is required')
    const unknown = await download(UNKNOWN)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Bond not found')
  })

  it('lets only Ops Admin upload: 401 signed out, 403 for a dealer', async () => {
    const pdf = await aPdf('IM')
    expect((await upload(null, GS_2032, pdf)).statusCode).toBe(401)
    const forbidden = await upload(dealer, GS_2032, pdf)
    expect(forbidden.statusCode).toBe(403)
    expect(storedFiles()).toEqual([])
  })

  it('refuses what is not a PDF, another content type, and an unknown bond', async () => {
    const notPdf = await upload(opsAdmin, GS_2032, 'hello, not a pdf')
    expect(notPdf.statusCode).toBe(400)
    expect(notPdf.json().fields.file).toBe('The file is not a PDF')
    const empty = await upload(opsAdmin, GS_2032, '')
    expect(empty.statusCode).toBe(400)
    const json = await upload(opsAdmin, GS_2032, '{"a":1}', 'application/json')
    expect(json.statusCode).toBe(415)
    const octets = await upload(opsAdmin, GS_2032, await aPdf('x'), 'application/octet-stream')
    expect(octets.statusCode).toBe(415)
    expect((await upload(opsAdmin, UNKNOWN, await aPdf('x'))).statusCode).toBe(404)
    expect(storedFiles()).toEqual([])
  })

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)])
    const response = await upload(opsAdmin, GS_2032, big)
    expect(response.statusCode).toBe(413)
  })

  it('stores an upload on disk and answers it to anyone by ISIN; a new upload replaces it', async () => {
    const first = await aPdf('first memorandum')
    const stored = await upload(opsAdmin, GS_2032, first)
    expect(stored.statusCode).toBe(201)
    expect(stored.json()).toMatchObject({
      isin: GS_2032,
      file_name: `${GS_2032}-information-memorandum.pdf`,
      size: first.length,
    })
    expect(storedFiles()).toHaveLength(1)
    expect(await memorandumInfo(GS_2032)).toEqual({
      file_name: `${GS_2032}-information-memorandum.pdf`,
      size: first.length,
      uploaded_at: stored.json().uploaded_at,
    })
    expect(await memorandumInfo(STRIPS_2036)).toBeNull()

    const response = await download(GS_2032.toLowerCase())
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${GS_2032}-information-memorandum.pdf"`,
    )
    expect(response.rawPayload.equals(first)).toBe(true)

    const second = await aPdf('second memorandum')
    expect((await upload(opsAdmin, GS_2032, second)).statusCode).toBe(201)
    // The first is kept as an earlier version, its file too.
    expect(storedFiles()).toHaveLength(2)
    const versions = await database.db
      .select()
      .from(informationMemorandumVersions)
      .where(eq(informationMemorandumVersions.finstrumentId, GS_2032))
    expect(versions.map((v) => v.size)).toEqual([first.length, second.length])
    expect((await download(GS_2032)).rawPayload.equals(second)).toBe(true)
    expect((await memorandumInfo(GS_2032)).size).toBe(second.length)
  })

  it('refuses a stub, a cut-off file and a PDF that runs a script', async () => {
    const stub = await upload(opsAdmin, GS_2032, '%PDF-1.7\n%%stub only')
    expect(stub.statusCode).toBe(400)
    expect(stub.json().fields.file).toBe(PDF_PROBLEMS.incomplete)
    const whole = await aPdf('cut')
    const cut = await upload(opsAdmin, GS_2032, whole.subarray(0, whole.length - 40))
    expect(cut.json().fields.file).toBe(PDF_PROBLEMS.incomplete)
    const doc = await PDFDocument.create()
    doc.addPage().drawText('IM')
    doc.addJavaScript('open', 'app.launchURL("https://example.com")')
    const scripted = await upload(opsAdmin, GS_2032, Buffer.from(await doc.save()))
    expect(scripted.statusCode).toBe(400)
    expect(scripted.json().fields.file).toBe(PDF_PROBLEMS.active)
  })

  it('belongs to the firm that uploaded it: another firm cannot replace it, the staff can', async () => {
    const owner = (await database.db.select().from(informationMemoranda))[0]
    expect(owner?.clientId).toBeTruthy()
    // Another firm's memorandum (its owner changed under the test).
    await database.db.insert(clients).values({ id: 'c-other', name: 'Other', clientType: 'CORP' })
    await database.db
      .update(informationMemoranda)
      .set({ clientId: 'c-other' })
      .where(eq(informationMemoranda.finstrumentId, GS_2032))
    const refused = await upload(opsAdmin, GS_2032, await aPdf('not yours'))
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(NOT_YOUR_MEMORANDUM)
    await database.db
      .update(users)
      .set({ isStaff: true })
      .where(eq(users.email, 'opsadmin@demo.test'))
    try {
      expect((await upload(opsAdmin, GS_2032, await aPdf('for them'))).statusCode).toBe(201)
      const [now] = await database.db
        .select()
        .from(informationMemoranda)
        .where(eq(informationMemoranda.finstrumentId, GS_2032))
      expect(now?.clientId).toBe('c-other')
    } finally {
      await database.db
        .update(users)
        .set({ isStaff: false })
        .where(eq(users.email, 'opsadmin@demo.test'))
      await database.db
        .update(informationMemoranda)
        .set({ clientId: owner?.clientId ?? null })
        .where(eq(informationMemoranda.finstrumentId, GS_2032))
    }
  })

  it('answers 404, not a broken file, when the stored file is damaged or gone', async () => {
    const [current] = await database.db
      .select()
      .from(informationMemoranda)
      .where(eq(informationMemoranda.finstrumentId, GS_2032))
    expect(current).toBeDefined()
    const path = join(dataDir, 'files', current?.fileKey ?? 'none')
    writeFileSync(path, '%PDF-1.7 truncated')
    const damaged = await download(GS_2032)
    expect(damaged.statusCode).toBe(404)
    expect(damaged.json().message).toBe(NO_INFORMATION_MEMORANDUM)
    rmSync(path)
    expect((await download(GS_2032)).json().message).toBe(NO_INFORMATION_MEMORANDUM)
    await database.db.delete(informationMemoranda)
    expect(await memorandumInfo(GS_2032)).toBeNull()
  })
})

describe('POST /api/trades/{id}/', () => {
  const list = (token: string | null, payload: object, id = GS_2032) =>
    as(app, token, { method: 'POST', url: `/api/trades/${id}/`, payload })

  it('needs a signed-in user', async () => {
    const response = await list(null, {})
    expect(response.statusCode).toBe(401)
  })

  it('answers an empty page while the platform knows no trades of the bond', async () => {
    const response = await list(dealer, {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ results: [], count: 0, page: 1, page_size: 20 })
  })

  it('answers 404 for an unknown bond and 400 with field messages for bad pagination, sort or filters', async () => {
    expect((await list(dealer, {}, UNKNOWN)).statusCode).toBe(404)
    const big = await list(dealer, { pagination: { page: 1, page_size: 101 } })
    expect(big.statusCode).toBe(400)
    expect(big.json().fields['pagination.page_size']).toBe('Page size is at most 100')
    const zero = await list(dealer, { pagination: { page: 0 } })
    expect(zero.json().fields['pagination.page']).toBe('Page starts at 1')
    const sort = await list(dealer, { sort: { field: 'issuer', direction: 'asc' } })
    expect(sort.json().fields['sort.field']).toBe(
      'Sort by one of trade_date, price, yield, quantity',
    )
    const dates = await list(dealer, {
      filters: { date_from: '2026-05-02', date_to: '2026-05-01' },
    })
    expect(dates.json().fields['filters.date_to']).toBe(
      'From date must be on or before the to date',
    )
    const badDate = await list(dealer, { filters: { date_from: '2026-02-30' } })
    expect(badDate.json().fields['filters.date_from']).toBe('Please enter a valid date')
    // Year 1 once reached PostgreSQL as a year-0 timestamp and answered 500.
    for (const date_from of ['0001-01-01', '1899-12-31']) {
      const ancient = await list(dealer, { filters: { date_from } })
      expect(ancient.statusCode).toBe(400)
      expect(ancient.json().fields['filters.date_from']).toBe(
        'Date should be between 1900-01-01 and 9999-12-31',
      )
    }
  })

  it('pages, sorts and filters by trade date in India the trades it stores', async () => {
    const trade = (
      tradedAt: string,
      cleanPrice: number,
      bondYield: number | null,
      quantity: number,
    ) => ({
      finstrumentId: GS_2032,
      tradedAt: new Date(tradedAt),
      cleanPrice,
      bondYield,
      quantity,
      faceValue: quantity * 100,
      venue: 'NSE_RFQ',
      source: 'test',
    })
    await database.db.insert(trades).values([
      trade('2026-05-01T04:00:00Z', 99.1, 0.0672, 1000), // 1 May 09:30 IST
      trade('2026-05-01T18:40:00Z', 99.5, 0.0665, 500), // 2 May 00:10 IST
      trade('2026-05-04T06:00:00Z', 98.9, null, 2500), // 4 May 11:30 IST
    ])
    try {
      const newest = await list(dealer, { pagination: { page: 1, page_size: 2 } })
      expect(newest.json()).toMatchObject({ count: 3, page: 1, page_size: 2 })
      expect(newest.json().results.map((t: { clean_price: number }) => t.clean_price)).toEqual([
        98.9, 99.5,
      ])
      const second = await list(dealer, { pagination: { page: 2, page_size: 2 } })
      expect(second.json().results).toHaveLength(1)
      expect(second.json().results[0]).toMatchObject({
        trade_date: '2026-05-01T04:00:00.000Z',
        clean_price: 99.1,
        bond_yield: 0.0672,
        quantity: 1000,
        face_value: 100_000,
        venue: 'NSE_RFQ',
      })
      const byPrice = await list(dealer, { sort: { field: 'price', direction: 'asc' } })
      expect(byPrice.json().results.map((t: { clean_price: number }) => t.clean_price)).toEqual([
        98.9, 99.1, 99.5,
      ])
      const byYield = await list(dealer, { sort: { field: 'yield', direction: 'desc' } })
      expect(byYield.json().results.map((t: { bond_yield: number }) => t.bond_yield)).toEqual([
        0.0672,
        0.0665,
        null,
      ])
      const byQuantity = await list(dealer, { sort: { field: 'quantity', direction: 'desc' } })
      expect(byQuantity.json().results.map((t: { quantity: number }) => t.quantity)).toEqual([
        2500, 1000, 500,
      ])
      const mayFirst = await list(dealer, {
        filters: { date_from: '2026-05-01', date_to: '2026-05-01' },
      })
      expect(mayFirst.json().count).toBe(1)
      expect(mayFirst.json().results[0].clean_price).toBe(99.1)
      const fromSecond = await list(dealer, { filters: { date_from: '2026-05-02' } })
      expect(fromSecond.json().count).toBe(2)
      expect((await list(dealer, {}, FLOATING)).json().count).toBe(0)
    } finally {
      await database.db.delete(trades)
    }
  })
})

describe('GET /api/credit-rationale/{id}/', () => {
  const rationale = (token: string | null, id = GS_2032) =>
    as(app, token, { method: 'GET', url: `/api/credit-rationale/${id}/` })

  it('needs a signed-in user and a known bond', async () => {
    expect((await rationale(null)).statusCode).toBe(401)
    expect((await rationale(dealer, UNKNOWN)).statusCode).toBe(404)
  })

  it('answers an empty list when none is stored, else the stored rationales newest first', async () => {
    const empty = await rationale(dealer)
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ results: [] })
    await database.db.insert(creditRationales).values([
      {
        finstrumentId: GS_2032,
        agency: 'Agency A',
        rating: 'AAA',
        ratedOn: '2025-03-01',
        summary: 'Older rationale',
        sourceUrl: null,
      },
      {
        finstrumentId: GS_2032,
        agency: 'Agency B',
        rating: 'AA+',
        ratedOn: '2026-01-15',
        summary: 'Newer rationale',
        sourceUrl: 'https://example.test/rationale.pdf',
      },
    ])
    try {
      const body = (await rationale(dealer)).json()
      expect(body.results.map((r: { summary: string }) => r.summary)).toEqual([
        'Newer rationale',
        'Older rationale',
      ])
      expect(body.results[0]).toMatchObject({
        agency: 'Agency B',
        rating: 'AA+',
        rated_on: '2026-01-15',
        source_url: 'https://example.test/rationale.pdf',
      })
    } finally {
      await database.db.delete(creditRationales)
    }
  })
})

describe('OpenAPI', () => {
  it('documents the document routes with their access and bodies', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/bond-details/{id}/download/',
        '/api/quote/{id}/download/',
        '/api/im/upload/{id}/',
        '/api/im/download/',
        '/api/trades/{id}/',
        '/api/credit-rationale/{id}/',
      ]),
    )
    expect(document.paths['/api/im/upload/{id}/'].post.responses['201']).toBeDefined()
    expect(document.paths['/api/trades/{id}/'].post.requestBody).toBeDefined()
  })
})
