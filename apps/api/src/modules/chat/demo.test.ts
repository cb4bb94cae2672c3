// The demo chats as a demo user finds them: the trading group's morning, the runs file, the
// broadcast list reaching the desk's direct chats; production mode enters nothing.
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { chatChannels } from '../../db/chat-schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { DEMO_DESK_TALK } from '../../demo/chat.ts'
import { startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp

beforeAll(async () => {
  t = await startChatApp({ demoChat: true })
})

afterAll(async () => t.close())

const channels = async (who: string): Promise<ChatChannel[]> =>
  (await t.call(who, 'GET', '/api/chat/channels/?limit=100')).json().channels

describe('demo chats', () => {
  it('put the dealer and the broker in a trading group with a morning’s desk talk', async () => {
    const desk = (await channels('dealer')).find((c) => c.customType === 'trading group')!
    expect(desk).toMatchObject({
      name: 'Demo Capital × Demo Securities · G-sec desk',
      myRole: 'operator',
      memberCount: 2,
    })
    expect(desk.unreadMessageCount).toBeGreaterThan(0)
    const messages: ChatMessage[] = (
      await t.call('broker', 'GET', `/api/chat/channels/${desk.url}/messages/?prev_limit=100`)
    ).json().messages
    expect(messages.filter((m) => m.messageType === 'user').map((m) => m.message)).toEqual(
      DEMO_DESK_TALK.map(([, , text]) => text),
    )
    expect(messages.find((m) => m.messageType === 'file')).toMatchObject({
      name: 'runs-morning.csv',
      type: 'text/csv',
    })
    const times = messages.map((m) => m.createdAt)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(2 * 60 * 60 * 1000)
    expect(times.at(-1)!).toBeLessThan(Date.now())
    expect(messages.some((m) => /7\.0395/.test(m.message))).toBe(true)
  })

  it('give the broker a broadcast list whose runs reach the desk’s direct chats', async () => {
    const list = (await channels('broker')).find((c) => c.customType === 'broadcast')!
    expect(list.name).toBe('Morning runs · clients')
    expect((await channels('dealer')).some((c) => c.customType === 'broadcast')).toBe(false)
    await t.acceptTerms('viewer')
    const viewer = (await channels('viewer')).filter((c) => c.customType === 'direct')
    expect(viewer).toHaveLength(1)
    expect(viewer[0]!.lastMessage!.message).toMatch(/^Indicative runs/)
    expect(JSON.parse(viewer[0]!.data)).toEqual({ created_from: 'broadcast' })
    const dealerDirects = (await channels('dealer')).filter((c) => c.customType === 'direct')
    expect(dealerDirects.map((c) => c.members.map((m) => m.nickname).sort())).toEqual(
      expect.arrayContaining([
        ['Bharat Broker', 'Dev Dealer'],
        ['Bala Office', 'Dev Dealer'],
      ]),
    )
  })

  it('are not entered in production mode', async () => {
    const database = await testDatabase()
    const production = await buildApp(
      readConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TOKEN_SECRET: 'p' }),
      { web: false, database },
    )
    expect(await database.db.select().from(chatChannels)).toEqual([])
    await production.close()
    await database.close()
  })
})
