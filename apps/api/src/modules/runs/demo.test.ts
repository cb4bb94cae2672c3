// Demo mode: the demo trading group's desk talk, entered through the chat service, gives the demo
// dealer a private run (the broker's morning runs), each line linked to its message.
import type { PrivateRunLine } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startChatApp, type ChatTestApp } from '../chat/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

let t: ChatTestApp

beforeAll(async () => {
  t = await startChatApp({ demoChat: true, build: { database: await universeTestDatabase() } })
  await t.app.runsIdle()
})

afterAll(async () => t.close())

describe('the demo desk talk', () => {
  it('gives the dealer a private run of the broker’s morning runs', async () => {
    const read = async (): Promise<PrivateRunLine[]> =>
      (await t.call('dealer', 'GET', '/api/eoi/private-run/?page_size=100')).json().results
    // Over Redis the bus takes a moment after the app is built.
    const lines = await vi.waitFor(
      async () => {
        const all = await read()
        expect(all.filter((l) => l.source.startsWith('7.18 GS 33'))).toHaveLength(2)
        return all
      },
      { timeout: 5_000, interval: 100 },
    )
    const runs = lines.filter((l) => l.source.startsWith('7.18 GS 33'))
    expect(runs.map((l) => [l.quote_type, l.yield, l.quantum, l.status]).sort()).toEqual([
      ['ASK', 0.0709, 250_000_000, 'live'],
      ['BID', 0.07095, 500_000_000, 'live'],
    ])
    expect(runs[0]).toMatchObject({
      isin: 'IN0020230085',
      sender_name: 'Bharat Broker',
      channel_name: 'Demo Capital × Demo Securities · G-sec desk',
    })
    // Every line names the message it came from; chatter and done trades give none.
    expect(lines.every((l) => l.message_id > 0 && l.source !== '')).toBe(true)
    expect(lines.some((l) => /Done/.test(l.source))).toBe(false)
  })
})
