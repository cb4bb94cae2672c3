// A channel's messages as a CSV file a member or a compliance officer opens in a spreadsheet: one
// row a message, times in India's time zone, attachments named with their type, size and link.
// Cells that a spreadsheet would run as a formula are quoted as text.
import type { Profile } from './people.ts'
import { brandName, fileUrl, type ChannelRow, type MessageWithFile } from './views.ts'

const HEADER = [
  'Time (IST)',
  'Sender',
  'Firm',
  'Message type',
  'Message',
  'Attachment',
  'Attachment type',
  'Attachment size (bytes)',
  'Attachment link',
]

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

/** A time as `YYYY-MM-DD HH:MM:SS` in India. */
export function istTime(at: Date): string {
  const parts = Object.fromEntries(IST.formatToParts(at).map((p) => [p.type, p.value]))
  const hour = parts.hour === '24' ? '00' : parts.hour
  return `${parts.year}-${parts.month}-${parts.day} ${hour}:${parts.minute}:${parts.second}`
}

/** One CSV cell: quoted, quotes doubled, a leading = + - @ (a formula) made text. */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

/** The CSV of a channel's messages. */
export function chatCsv(
  messages: readonly MessageWithFile[],
  profiles: ReadonlyMap<string, Profile>,
  publicUrl: string,
): string {
  const lines = [HEADER.map(csvCell).join(',')]
  for (const m of messages) {
    const sender = m.senderId ? profiles.get(m.senderId) : undefined
    const kind = m.customType ? `${m.messageType} (${m.customType})` : m.messageType
    lines.push(
      [
        istTime(m.createdAt),
        sender?.nickname ?? (m.senderId ? m.senderId : 'System'),
        sender ? brandName(sender) : '',
        kind,
        m.message,
        m.file?.name ?? '',
        m.file?.mimeType ?? '',
        m.file?.size ?? '',
        m.file ? `${publicUrl}${fileUrl(m.file.id)}` : '',
      ]
        .map(csvCell)
        .join(','),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/**
 * The download's file name: the channel's name (a direct chat's: its two people's, which its
 * default name "Group Channel" does not say) and the range's dates.
 */
export function exportFileName(
  channel: ChannelRow,
  start: Date,
  end: Date,
  people: readonly string[] = [],
): string {
  const name =
    channel.customType === 'direct' && people.length > 0 ? people.join(' and ') : channel.name
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'chat'
  const day = (d: Date) => istTime(d).slice(0, 10)
  return `chat-${slug}-${day(start)}-to-${day(end)}.csv`
}
