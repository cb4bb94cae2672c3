import { describe, expect, it } from 'vitest'
import { aChannel, aMessage } from '../testing/factories.ts'
import { addChannels, appendPage, removeChannels, replaceChannels } from './channel-list.ts'
import { declinedNoticeFor } from './decline.ts'

const urls = (list: { url: string }[]) => list.map((channel) => channel.url)

describe('channel list changes (spec section 4)', () => {
  const a = aChannel('ch_a', 'me', ['x'])
  const b = aChannel('ch_b', 'me', ['y'])

  it('puts new channels in front, replaces known ones in place', () => {
    const renamed = { ...a, name: 'renamed' }
    const c = aChannel('ch_c', 'me', ['z'])
    const next = addChannels([a, b], [c, renamed], 'me')
    expect(urls(next)).toEqual(['ch_c', 'ch_a', 'ch_b'])
    expect(next[1]!.name).toBe('renamed')
  })

  it('puts a channel I created from a broadcast at the back, others’ in front', () => {
    const mine = aChannel('ch_m', 'me', ['z'], { data: '{"created_from":"broadcast"}' })
    const theirs = aChannel('ch_t', 'x', ['me'], {
      data: '{"created_from":"broadcast"}',
      creator: { userId: 'x' },
    })
    expect(urls(addChannels([a, b], [mine, theirs], 'me'))).toEqual([
      'ch_t',
      'ch_a',
      'ch_b',
      'ch_m',
    ])
  })

  it('never holds a url twice', () => {
    expect(urls(addChannels([a], [b, b, a], 'me'))).toEqual(['ch_b', 'ch_a'])
    expect(urls(appendPage([a, b], [b, aChannel('ch_c', 'me', ['z'])]))).toEqual([
      'ch_a',
      'ch_b',
      'ch_c',
    ])
  })

  it('replaces and removes', () => {
    expect(replaceChannels([a], [{ ...a, name: 'n' }, b])).toEqual([{ ...a, name: 'n' }])
    expect(urls(removeChannels([a, b], ['ch_a']))).toEqual(['ch_b'])
  })
})

describe('declined invitation notice', () => {
  const declined = (inviter: string) =>
    aMessage('ch_g', null, {
      messageType: 'admin',
      customType: 'declined_invite',
      message: 'Xavier declined your request',
      data: JSON.stringify({
        type: 'declined_invite',
        inviter_id: inviter,
        invitee_id: 'x',
        nickname: 'Xavier',
        channel_type: 'group',
      }),
    })

  it('tells the inviter in group and trading channels', () => {
    const group = aChannel('ch_g', 'me', ['x', 'y'])
    expect(declinedNoticeFor(group, declined('me'), 'me')).toBe('Xavier declined your request')
    expect(declinedNoticeFor({ customType: 'trading group' }, declined('me'), 'me')).toBe(
      'Xavier declined your request',
    )
  })

  it('tells nobody else, and not in direct channels', () => {
    expect(declinedNoticeFor({ customType: 'group' }, declined('someone'), 'me')).toBeNull()
    expect(declinedNoticeFor({ customType: 'direct' }, declined('me'), 'me')).toBeNull()
    expect(declinedNoticeFor({ customType: 'group' }, aMessage('ch_g', 'x'), 'me')).toBeNull()
  })
})
