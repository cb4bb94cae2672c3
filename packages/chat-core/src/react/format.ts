// Times and days of the chat as the product writes them: India time, 24-hour, days `22-Nov-2026`.
const IST = 'Asia/Kolkata'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const parts = (ms: number) => {
  const values: Record<string, string> = {}
  for (const part of new Intl.DateTimeFormat('en-GB', {
    timeZone: IST,
    year: 'numeric',
    month: 'numeric',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms))
    values[part.type] = part.value
  return values
}

/** The day a message was sent in India, e.g. `22-Nov-2026` (the key of a day separator). */
export function chatDay(ms: number): string {
  const p = parts(ms)
  return `${p.day}-${MONTHS[Number(p.month) - 1]}-${p.year}`
}

/** The time a message was sent in India, 24-hour, e.g. `09:05`. */
export function chatTime(ms: number): string {
  const p = parts(ms)
  return `${p.hour}:${p.minute}`
}

/** A day separator's label: Today, Yesterday, or the day. */
export function dayLabel(ms: number, now: number): string {
  const day = chatDay(ms)
  if (day === chatDay(now)) return 'Today'
  if (day === chatDay(now - 86_400_000)) return 'Yesterday'
  return day
}

/** A file size for people: bytes, KB or MB. */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
