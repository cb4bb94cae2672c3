import { expect, test, type Page } from '@playwright/test'

const search = (page: Page) => page.getByRole('combobox', { name: 'Search bonds' })
const results = (page: Page) => page.getByRole('table', { name: 'Bonds' })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The maturity date in a row's text (22-Nov-2026). */
function maturityOf(text: string): Date {
  const match = /(\d{2})-([A-Z][a-z]{2})-(\d{4})/.exec(text)
  if (!match) throw new Error(`no date in "${text}"`)
  return new Date(Date.UTC(Number(match[3]), MONTHS.indexOf(match[2] ?? ''), Number(match[1])))
}

test('search "6.54 2032" finds 6.54% GS 2032 and opens it', async ({ page }) => {
  await page.goto('/find')
  await search(page).fill('6.54 2032')
  const option = page.getByRole('option', { name: /^6\.54% GS 2032/ })
  await expect(option).toBeVisible()
  await expect(page.getByRole('option').first()).toContainText('6.54% GS 2032')
  await option.click()
  await expect(page).toHaveURL(/\/security\/IN0020210244$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
})

test('the search works from the keyboard alone: "/", type, Enter', async ({ page }) => {
  await page.goto('/find')
  // The shortcut works once the app has taken the page over: the field takes input then.
  await expect(search(page)).not.toHaveAttribute('inert')
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('/')
  await expect(search(page)).toBeFocused()
  await page.keyboard.type('6.54 2032')
  await expect(page.getByRole('option').first()).toContainText('6.54% GS 2032')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/security\/IN0020210244$/)
})

test('two characters show "Start typing to search..." and send nothing', async ({ page }) => {
  await page.goto('/find')
  const sent: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/trade/finstrument/')
      sent.push(url.searchParams.get('searchKey') ?? '')
  })
  await search(page).fill('6.')
  await expect(page.getByText('Start typing to search...')).toBeVisible()
  // The third character starts the search; the two before it sent nothing.
  const searched = page.waitForRequest((r) => r.url().includes('/api/trade/finstrument/'))
  await search(page).fill('6.5')
  await searched
  await expect(page.getByRole('option').first()).toBeVisible()
  expect(sent).toEqual(['6.5'])
})

test('nonsense shows "No bonds found"', async ({ page }) => {
  await page.goto('/find')
  await search(page).fill('qqzxv nonsense')
  // Said in the dropdown, beside the listbox (which holds options only), and to screen readers.
  await expect(page.locator('.mantine-Combobox-empty')).toHaveText('No bonds found')
  await expect(page.getByRole('status').filter({ hasText: 'No bonds found' })).toHaveCount(1)
  await expect(page.getByRole('listbox', { name: 'Bonds' })).toHaveCount(0)
})

test('typing quickly searches for the whole query, not once per keystroke', async ({ page }) => {
  // The page's own clock of each keystroke and each search it starts (a document listener and a
  // fetch wrapper, so a re-rendered field loses neither): a loaded machine may stall between two
  // keys for longer than the debounce, and then a search for the text so far is right.
  await page.addInitScript(() => {
    const log: {
      inputs: { at: number; value: string }[]
      searches: { at: number; text: string }[]
    } = { inputs: [], searches: [] }
    Object.assign(window, { __typing: log })
    document.addEventListener(
      'input',
      (event) =>
        log.inputs.push({
          at: performance.now(),
          value: (event.target as HTMLInputElement).value,
        }),
      true,
    )
    const fetch = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      if (url.pathname === '/api/trade/finstrument/') {
        log.searches.push({ at: performance.now(), text: url.searchParams.get('searchKey') ?? '' })
      }
      return fetch(input, init)
    }
  })
  await page.goto('/find')
  const query = 'karnataka sdl 2035'
  const field = search(page)
  // The first view's field is inert until the app has taken the page over: keys typed into it
  // before then go nowhere.
  // (toBeEditable does not read `inert`: wait for the attribute to go.)
  await expect(field).not.toHaveAttribute('inert')
  await field.focus()
  for (const key of query) {
    await page.keyboard.type(key)
    await page.waitForTimeout(30)
  }
  await expect(
    page.getByRole('listbox', { name: 'Bonds' }).getByRole('option').first(),
  ).toContainText(/Karnataka SDL 2035/)
  const { inputs, searches } = await page.evaluate(
    () =>
      (
        window as unknown as {
          __typing: {
            inputs: { at: number; value: string }[]
            searches: { at: number; text: string }[]
          }
        }
      ).__typing,
  )
  // The whole query last; never the same text twice; each a prefix of at least 3 characters.
  const sent = searches.map((s) => s.text)
  expect(sent.at(-1)).toBe(query)
  expect(new Set(sent).size).toBe(sent.length)
  for (const text of sent) expect(query.startsWith(text) && text.length >= 3).toBe(true)
  // Debounced: each search starts at least the debounce (300 ms, less a little for timer
  // granularity) after its text became the query. A key that leaves the query as it was (a
  // space) does not restart the wait, and on a loaded machine a search may start late, even
  // after the next key.
  const query_ = (value: string) => value.trim().replace(/\s+/g, ' ')
  for (const { at, text } of searches) {
    // The keystroke that made the text the query: the first of the last run of inputs reading it
    // (the next key may already have been typed when a late search starts).
    const before = inputs.filter((input) => input.at <= at)
    let first = before.findLastIndex((input) => query_(input.value) === text)
    expect(first, `"${text}" was never typed before its search`).toBeGreaterThanOrEqual(0)
    while (first > 0 && query_(before[first - 1]?.value ?? '') === text) first -= 1
    const waited = at - (before[first]?.at ?? at)
    expect(waited, `"${text}" started ${Math.round(waited)} ms after it was typed`).toBeGreaterThan(
      280,
    )
  }
  expect(sent.length).toBeLessThan(16)
})

test('a screen filtered by rating and maturity survives a reload through its URL', async ({
  page,
}) => {
  await page.goto('/find')
  await expect(results(page).getByRole('link').first()).toBeVisible()

  await page.getByRole('combobox', { name: 'Credit rating' }).click()
  await page.getByRole('option', { name: /^CRISIL AAA \(/ }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('combobox', { name: 'Time to maturity' }).click()
  await page.getByRole('option', { name: /^1 to 3 years \(/ }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Yield', exact: true }).click()

  await expect(page).toHaveURL(
    /\/find\?creditRating=CRISIL\+AAA&timeToMaturity=1\+to\+3\+years&sort=yield&order=desc$/,
  )
  // The sorted screen is in (the unsorted one stays on screen until the sort's request starts):
  // rows are shown and their yields fall from the top.
  await expect
    .poll(async () => {
      const yields = (await results(page).locator('tbody tr td:last-child').allTextContents())
        .map((text) => Number.parseFloat(text))
        .filter((value) => Number.isFinite(value))
      return yields.length > 0 && yields.every((value, i) => i === 0 || value <= yields[i - 1]!)
    })
    .toBe(true)
  const firstRow = results(page).getByRole('row').nth(1)
  await expect(firstRow).toContainText('CRISIL AAA')
  const before = await results(page).getByRole('link').allTextContents()
  expect(before.length).toBeGreaterThan(0)

  await page.reload()
  await expect(page.getByRole('columnheader', { name: /Yield/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(results(page).getByRole('link').first()).toHaveText(before[0] ?? '')
  expect(await results(page).getByRole('link').allTextContents()).toEqual(before)
  const pills = page.getByRole('combobox', { name: 'Credit rating' }).locator('..')
  await expect(pills).toContainText('CRISIL AAA')

  // Every bond shown is rated CRISIL AAA and matures within 3 years.
  const limit = new Date()
  limit.setUTCFullYear(limit.getUTCFullYear() + 3)
  const rows = await results(page).getByRole('row').allTextContents()
  for (const text of rows.slice(1)) {
    expect(text).toContain('CRISIL AAA')
    const maturity = maturityOf(text)
    expect(maturity.getTime()).toBeLessThan(limit.getTime())
  }
})

test('a condition with an operator narrows the screen and goes into the URL', async ({ page }) => {
  await page.goto('/find')
  await page.getByRole('combobox', { name: 'Condition on' }).click()
  await page.getByRole('option', { name: 'Years to maturity' }).click()
  await page.getByRole('combobox', { name: 'Operator' }).click()
  await page.getByRole('option', { name: 'less than (<)' }).click()
  await page.getByRole('textbox', { name: 'Years' }).fill('2')
  await page.getByRole('button', { name: 'Add condition' }).click()
  await expect(page).toHaveURL(/\/find\?timeToMaturity\.lt=2$/)
  await expect(page.getByRole('listitem')).toHaveText('Years to maturity less than 2 years')
  // Maturity, soonest first, is the default sort: one click turns it round.
  await page.getByRole('button', { name: 'Maturity', exact: true }).click()
  await expect(page).toHaveURL(/sort=maturity&order=desc/)
  const limit = new Date()
  limit.setUTCFullYear(limit.getUTCFullYear() + 2)
  const latest = maturityOf((await results(page).getByRole('row').nth(1).textContent()) ?? '')
  expect(latest.getTime()).toBeLessThan(limit.getTime())
})

test('the results load 20 at a time as the end scrolls into view, and open a bond', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto('/find?bondCategory=State+Government&sort=name')
  await expect(results(page).getByRole('link').first()).toBeVisible()
  await expect(page.getByText(/^Showing \d+ of [\d,]+ bonds$/)).toBeVisible()
  const shown = async () =>
    Number(/Showing (\d+)/.exec((await page.getByText(/^Showing \d+/).textContent()) ?? '')?.[1])
  const first = await shown()
  await page.mouse.wheel(0, 4000)
  await expect.poll(shown).toBeGreaterThan(first)
  await page.getByRole('button', { name: 'Load more bonds' }).click()
  await page.evaluate(() => window.scrollTo(0, 0))
  // The rows re-render for the new scroll position: read the first row once it is row 1 again.
  const firstRow = results(page).locator('tbody tr[aria-rowindex="2"]')
  await expect(firstRow).toBeVisible()
  const link = firstRow.getByRole('link')
  const name = (await link.textContent()) ?? ''
  await link.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

/** Today in India (YYYY-MM-DD), which decides "matured" on the page and on the server. */
function indiaToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
}

/** The ISO date of a "22-Nov-2026" in an option's text, or null. */
function optionDate(text: string): string | null {
  return /\d{2}-[A-Z][a-z]{2}-\d{4}/.test(text) ? maturityOf(text).toISOString().slice(0, 10) : null
}

interface SearchAnswer {
  id: string
  is_matured: boolean
  can_be_priced: boolean
  contract_parameters: { is_listed: boolean; maturity_date: string | null }
}

for (const query of ['hdfc', 'IN0020']) {
  test(`"${query}" puts a live bond that can be priced first, and marks matured bonds after the live`, async ({
    page,
  }) => {
    await page.goto('/find')
    await expect(search(page)).not.toHaveAttribute('inert')
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/trade/finstrument/' &&
        new URL(r.url()).searchParams.get('searchKey') === query,
    )
    await search(page).fill(query)
    const answer = (await (await answered).json()) as SearchAnswer[]
    const listbox = page.getByRole('listbox', { name: 'Bonds' })
    const options = listbox.getByRole('option')
    await expect(options).toHaveCount(answer.length)

    // The first bond can be traded: the server priced it live, and the page offers it.
    const best = answer[0]!
    expect(best).toMatchObject({ is_matured: false, can_be_priced: true })
    expect(best.contract_parameters.is_listed).toBe(true)
    const first = options.first()
    await expect(first).toContainText(best.id)
    await expect(first).not.toHaveAttribute('aria-disabled', 'true')
    await expect(first).not.toContainText('Matured')
    expect(optionDate((await first.textContent()) ?? '')! >= indiaToday()).toBe(true)

    // Matured bonds say so and come after every live bond with a date.
    const texts = await options.allTextContents()
    const matured = texts.flatMap((t, i) => (/Matured$/.test(t) ? [i] : []))
    const live = texts.flatMap((t, i) => {
      const date = optionDate(t)
      return date !== null && date >= indiaToday() ? [i] : []
    })
    for (const i of matured) {
      expect(answer[i]?.is_matured).toBe(true)
      await expect(options.nth(i)).toHaveAttribute('aria-disabled', 'true')
    }
    if (matured.length > 0) expect(Math.min(...matured)).toBeGreaterThan(Math.max(...live))

    // Six bonds or more in view in the 180px dropdown.
    const box = (await listbox.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(180)
    let inView = 0
    for (const option of await options.all()) {
      const b = await option.boundingBox()
      if (b && b.y >= box.y - 0.5 && b.y + b.height <= box.y + box.height + 0.5) inView += 1
    }
    expect(inView).toBeGreaterThanOrEqual(6)
  })
}

test('"More bonds of the issuer" starts with live bonds of the same kind nearest the maturity', async ({
  page,
}) => {
  await page.goto('/security/IN0020210244')
  const region = page.getByRole('region', { name: 'Bonds of the same issuer' })
  const rows = region.getByRole('row')
  await expect(rows.nth(1)).toBeVisible()
  const firstRows = (await rows.allTextContents()).slice(1, 6)
  for (const text of firstRows) {
    expect(text).toMatch(/% GS \d{4}/)
    expect(text).not.toContain('Matured')
    expect(optionDate(text)! >= indiaToday()).toBe(true)
  }
  const gaps = firstRows.map((t) => Math.abs(maturityOf(t).getTime() - Date.UTC(2032, 0, 17)))
  expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
})
