import { describe, expect, it } from 'vitest'
import { hasOnlyICCL, INDIAN_STATES, ROLE_DISPLAY_NAMES, supportProviderId } from './index.ts'
import { brokerSide, isActiveMember } from './entities.ts'
import { fetchErrorMessage, pageNotFoundMessage } from './constants.ts'

describe('enumerations', () => {
  it('maps support ticket types to provider ids in production and keeps them in development', () => {
    expect([1, 2, 3, 4].map((id) => supportProviderId(id, 'production'))).toEqual([1, 6, 5, 8])
    expect([1, 2, 3, 4].map((id) => supportProviderId(id, 'development'))).toEqual([1, 2, 3, 4])
    expect(() => supportProviderId(9, 'production')).toThrow(RangeError)
  })
  it('lists 28 states, 8 union territories and Other', () => {
    expect(INDIAN_STATES).toHaveLength(37)
    expect(INDIAN_STATES.at(-1)).toBe('Other')
  })
  it('names the roles as the spec does', () => {
    expect(ROLE_DISPLAY_NAMES.dataviewer).toBe('Market Researcher')
    expect(ROLE_DISPLAY_NAMES.user).toBe('Basic role')
  })
  it('knows when only the ICCL-type exchange is allowed', () => {
    expect(hasOnlyICCL(['BSE'])).toBe(true)
    expect(hasOnlyICCL(['NSE', 'BSE'])).toBe(false)
  })
})

describe('entity rules', () => {
  it('derives a broker side from broker_details', () => {
    const ticket = { broker_details: [{ buy_or_sell: 'sell' as const, user_id: 7 }] }
    expect(brokerSide(ticket, '7')).toBe('sell')
    expect(brokerSide(ticket, 8)).toBeNull()
  })
  it('counts a member active unless is_active is "false"', () => {
    expect(isActiveMember({ metaData: {} })).toBe(true)
    expect(isActiveMember({ metaData: { is_active: 'false' } })).toBe(false)
  })
  it('formats the error texts of section 8', () => {
    expect(pageNotFoundMessage('/x')).toBe('Page Not Found: /x')
    expect(fetchErrorMessage('get', '/api/x/', 503, 'Service Unavailable')).toBe(
      '[GET] /api/x/: 503 Service Unavailable',
    )
    expect(fetchErrorMessage('post', '/api/x/')).toBe('[POST] /api/x/: <no response>')
  })
})
