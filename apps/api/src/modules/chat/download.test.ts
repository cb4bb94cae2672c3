// POST /api/download-chats on the real app: a member's and the compliance officer's CSV of one
// channel in a time range, attachments listed, formulas defused, the download in the audit log;
// who may not, and what bad input gets.
import type { ChatChannel } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema.ts'
import { csvCell, istTime } from './export.ts'
import { startChatApp, type ChatTestApp } from './testing.ts'

let t: ChatTestApp
let desk: ChatChannel
let started: number

beforeAll(async () => {
  t = await startChatApp()
  for (const who of ['dealer', 'broker', 'viewer']) await t.acceptTerms(who)
  started = Date.now() - 1000
  desk = (
    await t.call('dealer', 'POST', '/api/chat/channels/', {
      customType: 'trading group',
      name: 'GS desk',
      invitedUserIds: [t.id.broker, t.id.viewer],
    })
  ).json()
  await t.call('broker', 'POST', `/api/chat/channels/${desk.url}/accept/`)
  const say = (who: string, reqId: string, message: string) =>
    t.call(who, 'POST', `/api/chat/channels/${desk.url}/messages/`, { reqId, message })
  await say('broker', 'd1', '6.54 GS 32 7.0425/7.0375, 25/25 cr')
  await say('dealer', 'd2', 'Bid 7.0400 for 25, "firm"')
  await say('broker', 'd3', '=HYPERLINK("http://evil.example")')
  await t.raw('broker', {
    method: 'POST',
    url: `/api/chat/channels/${desk.url}/files/?reqId=d4&fileName=runs.csv&mimeType=text/csv`,
    payload: Buffer.from('security,bid\n6.54 GS 32,7.0425\n'),
    headers: { 'content-type': 'application/octet-stream' },
  })
  // The viewer declines: the dealer alone gets the notice.
  await t.call('viewer', 'POST', `/api/chat/channels/${desk.url}/decline/`)
})

afterAll(async () => t.close())

const download = (who: string, body: object) => t.call(who, 'POST', '/api/download-chats', body)
const range = () => ({ startTime: started, endTime: Date.now() + 1000, channelIds: [desk.url] })
const rows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')

describe('POST /api/download-chats', () => {
  it('gives a member the channel’s messages as CSV, attachments listed', async () => {
    const response = await download('broker', range())
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="chat-gs-desk-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = rows(response.body)
    expect(lines[0]).toBe(
      '"Time (IST)","Sender","Firm","Message type","Message","Attachment","Attachment type","Attachment size (bytes)","Attachment link"',
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toMatch(
      /^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}","Bharat Broker","Demo Securities","user","6.54 GS 32 7.0425\/7.0375, 25\/25 cr","","","",""$/,
    )
    expect(lines[2]).toContain('"Bid 7.0400 for 25, ""firm"""')
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(lines[4]).toMatch(
      /"file","","runs\.csv","text\/csv","31","http:\/\/localhost:\d+\/api\/chat\/files\/[0-9a-f-]{36}\/"$/,
    )
    // The declined-invite notice is the dealer's alone.
    expect(response.body).not.toContain('declined your request')
    expect(response.headers['x-chat-message-count']).toBe('4')
  })

  it('gives the compliance officer of a firm taking part everything, and logs each download', async () => {
    const response = await download('compliance', range())
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Vidya Viewer declined your request')
    expect(rows(response.body)).toHaveLength(6)
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chat_downloaded'))
      .orderBy(auditLog.id)
    expect(logged.map((e) => e.actorUserId)).toEqual([t.id.broker, t.id.compliance])
    expect(logged[1]!.detail).toMatchObject({ channel: desk.url, messages: 5 })
  })

  it('keeps to the time range', async () => {
    const early = await download('dealer', {
      startTime: new Date(started - 86_400_000).toISOString(),
      endTime: new Date(started).toISOString(),
      channelIds: [desk.url],
    })
    expect(rows(early.body)).toHaveLength(1)
  })

  it('refuses those who cannot read the channel, and bad ranges by field', async () => {
    expect((await download('viewer', range())).statusCode).toBe(404)
    expect((await download('researcher', range())).statusCode).toBe(403)
    const two = await download('dealer', { ...range(), channelIds: [desk.url, desk.url] })
    expect(two.json().fields).toEqual({ channelIds: 'Choose one channel' })
    const backwards = await download('dealer', { ...range(), startTime: Date.now(), endTime: 1 })
    expect(backwards.json().fields).toEqual({ endTime: 'End time must be after start time' })
    const long = await download('dealer', {
      startTime: '2020-01-01T00:00:00Z',
      endTime: '2026-01-01T00:00:00Z',
      channelIds: [desk.url],
    })
    expect(long.json().fields).toEqual({ endTime: 'A download spans at most 366 days' })
    const misspelt = await download('dealer', { ...range(), channelId: desk.url })
    expect(misspelt.json().message).toBe('Unknown field: channelId')
  })
})

describe('export helpers', () => {
  it('write times in India and defuse formulas', () => {
    expect(istTime(new Date('2026-01-05T03:45:09Z'))).toBe('2026-01-05 09:15:09')
    expect(csvCell('+91 98200')).toBe(`"'+91 98200"`)
    expect(csvCell('-0.25 bps')).toBe(`"'-0.25 bps"`)
    expect(csvCell('7.0425')).toBe('"7.0425"')
  })

  it('names a direct chat’s file after its two people, not the default channel name', async () => {
    const direct = (
      await t.call('dealer', 'POST', '/api/chat/channels/', {
        customType: 'direct',
        invitedUserIds: [t.id.broker],
      })
    ).json() as ChatChannel
    const response = await download('dealer', { ...range(), channelIds: [direct.url] })
    expect(response.statusCode, response.body).toBe(200)
    const name = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1]
    expect(name).toMatch(/^chat-[a-z0-9-]+-and-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-to-/)
    expect(name).not.toContain('group-channel')
  })
})
