// The viewer-dependent rules of spec section 6, as pure functions: broker-to-broker, staff naming,
// the first admin, a firm's name.
import { describe, expect, it } from 'vitest'
import type { Profile } from './people.ts'
import {
  brandName,
  firstAdminClientId,
  isBrokerToBroker,
  nicknameFor,
  type MemberRow,
} from './views.ts'

const person = (userId: string, clientId: string, isStaff = false) =>
  ({ userId, clientId, isStaff, nickname: `${userId} name` }) as Profile

const member = (userId: string, role: string, at: number) =>
  ({ userId, role, state: 'joined', createdAt: new Date(at) }) as MemberRow

describe('broker-to-broker (spec section 6)', () => {
  it('holds in a trading group when neither sender nor viewer is of the first admin’s firm', () => {
    expect(isBrokerToBroker('trading group', 'client', 'broker-a', 'broker-b')).toBe(true)
    expect(isBrokerToBroker('trading group', 'client', 'broker-a', 'broker-a')).toBe(true)
    expect(isBrokerToBroker('trading group', 'client', 'client', 'broker-b')).toBe(false)
    expect(isBrokerToBroker('trading group', 'client', 'broker-a', 'client')).toBe(false)
    expect(isBrokerToBroker('group', 'client', 'broker-a', 'broker-b')).toBe(false)
    expect(isBrokerToBroker('trading group', 'client', null, 'broker-b')).toBe(false)
  })

  it('takes the first admin as the operator who joined first', () => {
    const profiles = new Map([
      ['u1', person('u1', 'c1')],
      ['u2', person('u2', 'c2')],
      ['u3', person('u3', 'c3')],
    ])
    expect(
      firstAdminClientId(
        [member('u1', 'none', 1), member('u3', 'operator', 3), member('u2', 'operator', 2)],
        profiles,
      ),
    ).toBe('c2')
    expect(firstAdminClientId([member('u1', 'none', 1)], profiles)).toBeNull()
  })
})

describe('staff naming (spec section 6)', () => {
  it('names a staff member as the product for others, and everyone for staff', () => {
    const staff = person('s', 'c', true)
    const trader = person('t', 'c')
    expect(nicknameFor(staff, trader)).toBe('Bonds Workspace')
    expect(nicknameFor(trader, staff)).toBe('t name')
    expect(nicknameFor(staff, staff)).toBe('s name')
  })

  it('gives "-" as the brand of an individual', () => {
    expect(brandName({ clientType: 'INDV', clientName: 'Indira Investor' })).toBe('-')
    expect(brandName({ clientType: 'CORP', clientName: 'Demo Capital' })).toBe('Demo Capital')
  })
})
