// Today's date and the time of day on India's clock (UTC+05:30, no daylight saving), for a form's
// defaults whatever the machine's time zone.

/** YYYY-MM-DD and HH:MM in India at `at`. */
export function indiaNow(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 330 * 60_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}
