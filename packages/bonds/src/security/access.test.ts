import { describe, expect, it } from 'vitest'
import { securityDataAccess, signInHref } from './access.ts'

describe('securityDataAccess', () => {
  it('is checking while the session loads and signed-out for a visitor', () => {
    expect(securityDataAccess({ status: 'loading', user: null })).toBe('checking')
    expect(securityDataAccess({ status: 'unauthenticated', user: null })).toBe('signed-out')
  })

  it('is granted with finstruments.has_security_data_access and denied without it', () => {
    const user = (permissions: string[]) => ({
      status: 'authenticated' as const,
      user: { permissions },
    })
    expect(securityDataAccess(user(['finstruments.has_security_data_access']))).toBe('granted')
    expect(securityDataAccess(user(['client.can_trade']))).toBe('denied')
  })
})

describe('signInHref', () => {
  it('carries the page back as redirect', () => {
    expect(signInHref('/security/IN0020210244')).toBe(
      '/auth/login?redirect=%2Fsecurity%2FIN0020210244',
    )
  })
})
