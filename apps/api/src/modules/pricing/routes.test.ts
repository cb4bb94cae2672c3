// The pricing endpoints on the real app and database, against the QuantLib reference values.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { todayInIndia } from '@bonds/pricing'
import { universeTestDatabase } from '../finstruments/testing.ts'

let app: FastifyInstance
let database: Database

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'x' }), {
    web: false,
    database,
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const quote = (id: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/quote/${id}/`, payload })

describe('POST /api/quote/{id}/', () => {
  it('prices 6.54% GS 2032 at a yield as QuantLib does', async () => {
    const response = await quote('IN0020210244', {
      bond_yield: 0.0668,
      settlement_date: '2026-11-23',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      price: { unit_clean_price: 99.387, bond_yield: 0.0668, settlement_date: '2026-11-23' },
      accrued_interest: 2.289,
      dirty_price: 101.676,
      fixed_field: 'yield',
      can_be_priced: true,
      allow_price_modification: true,
    })
  })

  it('solves the yield at a price', async () => {
    const response = await quote('IN0020210244', {
      clean_price: 99.387,
      settlement_date: '2026-11-23',
    })
    expect(response.json().price.bond_yield).toBeCloseTo(0.0668, 6)
    expect(response.json().fixed_field).toBe('price')
  })

  it('settles T+n on business days from today in India', async () => {
    const response = await quote('IN0020210244', { bond_yield: 0.07, settlement_delta: 1 })
    const settlement = response.json().price.settlement_date as string
    expect(settlement > todayInIndia()).toBe(true)
    expect([0, 6]).not.toContain(new Date(`${settlement}T00:00:00Z`).getUTCDay())
  })

  it('rejects both price and yield, and both settlement date and delta, with the spec messages', async () => {
    const both = await quote('IN0020210244', { bond_yield: 0.07, clean_price: 99 })
    expect(both.statusCode).toBe(400)
    expect(both.json().message).toBe('Cannot provide both price and yield')
    const dates = await quote('IN0020210244', {
      bond_yield: 0.07,
      settlement_date: '2026-11-24',
      settlement_delta: 1,
    })
    expect(dates.statusCode).toBe(400)
    expect(Object.values(dates.json().fields)).toContain(
      'Cannot provide both settlement date & delta',
    )
    const high = await quote('IN0020210244', { bond_yield: 1.5 })
    expect(high.json().fields.bond_yield).toBe('Yield above 100%')
  })

  it('answers 422 for a bond that cannot be priced or a price no yield reaches, 404 for an unknown one', async () => {
    const floating = await quote('IN0020180041', { bond_yield: 0.07 })
    expect(floating.statusCode).toBe(422)
    expect(floating.json().message).toMatch(/cannot be priced/)
    const tooHigh = await quote('IN0020210244', { clean_price: 249, settlement_date: '2026-11-23' })
    expect(tooHigh.statusCode).toBe(422)
    expect((await quote('IN9999999999', { bond_yield: 0.07 })).statusCode).toBe(404)
  })
})

describe('POST /api/cashflow/{id}/', () => {
  it('gives the flows in rupees for a quantity of units', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cashflow/IN0020210244/',
      payload: { quantity: 100, ref_date: '2026-11-23' },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.face_value).toBe(100)
    expect(body.cashflows[0]).toEqual({
      date: '2027-01-17',
      interest: 327,
      principal: 0,
      total: 327,
    })
    expect(body.cashflows.at(-1)).toEqual({
      date: '2032-01-17',
      interest: 327,
      principal: 10_000,
      total: 10_327,
    })
  })

  it('rejects a zero quantity with the spec message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cashflow/IN0020210244/',
      payload: { quantity: 0 },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields.quantity).toBe('Cannot be zero')
  })
})
