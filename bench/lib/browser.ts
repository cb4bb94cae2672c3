// What the browser benches share: Debian's Chromium with the flags this machine's closed network
// needs, the demo dealer's sign-in, and a page that opens already signed in.
import type { Browser, Page } from 'playwright-core'

/** Debian's Chromium (never a test tool's own download). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and nothing reaching for Google's hosts (refused here, many at a time). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** The demo accounts' password (demo mode only). */
export const DEMO_PASSWORD = 'Demo@12345'

/** A user's tokens. */
export interface Tokens {
  access: string
  refresh: string
}

/** Sign the demo dealer in, waiting up to 2 minutes while the demo is still being entered. */
export async function signInDealer(base: string): Promise<Tokens> {
  const started = Date.now()
  for (;;) {
    const response = await fetch(`${base}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dealer@demo.test', password: DEMO_PASSWORD }),
    })
    if (response.ok) return (await response.json()) as Tokens
    if (Date.now() - started > 120_000) throw new Error('the demo dealer cannot sign in')
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** A 1600×900 page whose app starts signed in with `tokens`. */
export async function signedInPage(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } })
  const page = await context.newPage()
  await page.addInitScript(
    ([a, r]) => {
      localStorage.setItem('bonds-access-token', a as string)
      localStorage.setItem('bonds-refresh-token', r as string)
    },
    [tokens.access, tokens.refresh],
  )
  return page
}

/** A running CPU profile of a page: `stop` ends it and answers it (Chrome DevTools' `.cpuprofile`). */
export interface Profiling {
  stop(): Promise<{
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
    startTime: number
    endTime: number
    samples?: number[]
    timeDeltas?: number[]
  }>
}

/** Start a CPU profile of `page`, sampled every `intervalUs` µs (`BENCH_PROFILE` benches). */
export async function startProfile(page: Page, intervalUs = 500): Promise<Profiling> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs })
  await cdp.send('Profiler.start')
  return {
    stop: async () => (await cdp.send('Profiler.stop')).profile,
  }
}
