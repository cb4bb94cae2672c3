import { describe, expect, it } from 'vitest'
import { aChannel, aMember, aMessage } from '../testing/factories.ts'
import {
  channelData,
  channelSortTime,
  isHiddenChannel,
  memberMeta,
  sortChannels,
  visibleChannels,
} from './channel-rules.ts'

describe('channel data and member metadata', () => {
  it('reads created_from and last_direct_message_at, ignoring junk', () => {
    expect(
      channelData({ data: '{"created_from":"broadcast","last_direct_message_at":12}' }),
    ).toEqual({ created_from: 'broadcast', last_direct_message_at: 12 })
    expect(channelData({ data: 'not json' })).toEqual({})
    expect(channelData({ data: '[1]' })).toEqual({})
  })

  it('types the metadata strings; "-" brand means none; is_active only false is inactive', () => {
    const meta = memberMeta(
      aMember('a', {
        metaData: { is_staff: 'true', is_active: '' as 'true', client_id: 'c1', brand_name: '-' },
        data: '{"user_onboarded":false}',
      }),
    )
    expect(meta).toEqual({
      isStaff: true,
      isActive: true,
      clientId: 'c1',
      brandName: null,
      userOnboarded: false,
    })
  })
})

describe('sorting (spec section 4)', () => {
  it('sorts by last message time, newest first', () => {
    const older = aChannel('ch_a', 'me', ['x'], {
      lastMessage: aMessage('ch_a', 'x', { createdAt: 10 }),
    })
    const newer = aChannel('ch_b', 'me', ['y'], {
      lastMessage: aMessage('ch_b', 'y', { createdAt: 20 }),
    })
    expect(sortChannels([older, newer]).map((c) => c.url)).toEqual(['ch_b', 'ch_a'])
  })

  it('uses the invite time for invited channels', () => {
    const invited = aChannel('ch_i', 'me', ['x', 'y'], {
      myMemberState: 'invited',
      invitedAt: 50,
      lastMessage: aMessage('ch_i', 'x', { createdAt: 1 }),
    })
    expect(channelSortTime(invited)).toBe(50)
  })

  it('sinks broadcast-created channels (-1) until a direct message, read in seconds', () => {
    const copy = aChannel('ch_c', 'me', ['x'], {
      data: '{"created_from":"broadcast"}',
      lastMessage: aMessage('ch_c', 'me', { createdAt: 99_000 }),
    })
    expect(channelSortTime(copy)).toBe(-1)
    const talked = { ...copy, data: '{"created_from":"broadcast","last_direct_message_at":7}' }
    expect(channelSortTime(talked)).toBe(7000)
  })

  it('falls back to the creation time without messages', () => {
    expect(channelSortTime(aChannel('ch_e', 'me', ['x'], { createdAt: 5 }))).toBe(5)
  })
})

describe('hiding and de-duplicating (spec sections 4 and 5)', () => {
  it('hides a direct channel whose other member has not onboarded', () => {
    const channel = aChannel('ch_d', 'me', ['x'])
    expect(isHiddenChannel(channel, 'me')).toBe(false)
    channel.members[1] = aMember('x', { data: '{"user_onboarded":false}' })
    expect(isHiddenChannel(channel, 'me')).toBe(true)
  })

  it('hides channels with unknown names and broadcast lists of others', () => {
    expect(isHiddenChannel(aChannel('ch_g', 'me', ['x', 'y'], { name: '' }), 'me')).toBe(true)
    expect(isHiddenChannel(aChannel('ch_g', 'me', ['x', 'y'], { name: 'undefined' }), 'me')).toBe(
      true,
    )
    const list = aChannel('ch_b', 'me', ['x', 'y'], { customType: 'broadcast', name: 'Runs' })
    expect(isHiddenChannel(list, 'me')).toBe(false)
    expect(isHiddenChannel(list, 'x')).toBe(true)
  })

  it('keeps the first of channels sharing a url', () => {
    const first = aChannel('ch_a', 'me', ['x'], { name: 'first' })
    const again = aChannel('ch_a', 'me', ['x'], { name: 'again' })
    expect(visibleChannels([first, again], 'me')).toEqual([first])
  })
})
