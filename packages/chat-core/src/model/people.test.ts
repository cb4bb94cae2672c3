import { CHAT_STAFF_LABEL } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { aChannel, aMember } from '../testing/factories.ts'
import {
  AVATAR_COLOURS,
  avatarColour,
  channelDisplayName,
  isAtBottom,
  isBrokerToBroker,
  memberDisplayName,
} from './people.ts'

const staff = aMember('s', {
  nickname: 'Sam Staff',
  metaData: { is_staff: 'true', is_active: 'true', client_id: 'ops', brand_name: '-' },
})

describe('staff naming (spec section 6)', () => {
  it('shows staff under the product name to non-staff, by name to staff', () => {
    expect(memberDisplayName(staff, false)).toBe(CHAT_STAFF_LABEL)
    expect(memberDisplayName(staff, true)).toBe('Sam Staff')
    expect(memberDisplayName(aMember('x', { nickname: 'Xavier' }), false)).toBe('Xavier')
  })

  it('names a direct channel by the other member, a staff one by the label', () => {
    const direct = aChannel('ch_d', 'me', ['s'])
    direct.members[1] = staff
    expect(channelDisplayName(direct, 'me')).toBe(CHAT_STAFF_LABEL)
    expect(channelDisplayName(aChannel('ch_g', 'me', ['a', 'b'], { name: '' }), 'me')).toBe(
      'Group Channel',
    )
  })
})

describe('broker-to-broker (spec section 6)', () => {
  const base = { customType: 'trading group' as const, firstAdminClientId: 'dealer-firm' }
  it('is true only when neither sender nor viewer is of the first admin firm', () => {
    expect(isBrokerToBroker({ ...base, senderClientId: 'b1', viewerClientId: 'b2' })).toBe(true)
    expect(isBrokerToBroker({ ...base, senderClientId: 'dealer-firm', viewerClientId: 'b2' })).toBe(
      false,
    )
    expect(isBrokerToBroker({ ...base, senderClientId: 'b1', viewerClientId: 'dealer-firm' })).toBe(
      false,
    )
  })
  it('is false outside trading groups', () => {
    expect(
      isBrokerToBroker({
        ...base,
        customType: 'group',
        senderClientId: 'b1',
        viewerClientId: 'b2',
      }),
    ).toBe(false)
  })
})

describe('avatar colour', () => {
  it('is the same for a pair in either order and from the palette', () => {
    expect(avatarColour('alice', 'bob')).toBe(avatarColour('bob', 'alice'))
    expect(AVATAR_COLOURS).toContain(avatarColour('alice', 'bob'))
  })
  it('spreads pairs over the palette', () => {
    const colours = new Set(Array.from({ length: 60 }, (_, i) => avatarColour('me', `user-${i}`)))
    expect(colours.size).toBeGreaterThan(6)
  })
})

describe('scroll bottom tolerance', () => {
  it('counts 20 px from the bottom as the bottom', () => {
    expect(isAtBottom({ scrollTop: 480, scrollHeight: 1000, clientHeight: 500 })).toBe(true)
    expect(isAtBottom({ scrollTop: 479, scrollHeight: 1000, clientHeight: 500 })).toBe(false)
  })
})
