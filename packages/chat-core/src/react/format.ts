// Times and days of the chat as the product writes them: India time, 24-hour, days `22-Nov-2026`.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** India is UTC+05:30 all year (no daylight saving since 1945). */
const IST_OFFSET_MS = 330 * 60_000

const two = (n: number) => String(n).padStart(2, '0')

// By arithmetic rather than an Intl.DateTimeFormat per call: the message list derives a day for
// every message it holds (10,000 in a long channel) whenever its messages change, and building a
// formatter each time made every page of older messages a long task (decision 302).
const parts = (ms: number) => {
  const at = new Date(ms + IST_OFFSET_MS)
  return {
    year: String(at.getUTCFullYear()),
    month: at.getUTCMonth(),
    day: two(at.getUTCDate()),
    hour: two(at.getUTCHours()),
    minute: two(at.getUTCMinutes()),
  }
}

/** The day a message was sent in India, e.g. `22-Nov-2026` (the key of a day separator). */
export function chatDay(ms: number): string {
  const p = parts(ms)
  return `${p.day}-${MONTHS[p.month]}-${p.year}`
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
