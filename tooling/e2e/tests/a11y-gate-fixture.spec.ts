// The accessibility gate fails on what it is there to catch (issue 24): fixture pages, each with
// one known violation, are fed to the gate's check; it reports each, naming where, the rule and
// the node, and its assertion fails. A clean page passes, and a colour that fails only in the dark
// theme is caught by the second theme's check.
import { expect, test, type Page } from '@playwright/test'
import { gateFindings } from './axe.ts'
import { expectNoFindings } from './a11y-gate.ts'

/** A page that passes the gate, with `body` in its main landmark. */
function fixture(body: string, style = ''): string {
  return `<!doctype html><html lang="en"><head><title>Fixture</title>
    <style>body { font: 16px sans-serif; color: #111; background: #fff } ${style}</style></head>
    <body><main><h1>Fixture</h1>${body}</main></body></html>`
}

/** Each known violation: the rule axe names it by, and markup whose `#bad` node breaks it. */
const KNOWN: readonly { rule: string; what: string; body: string; style?: string }[] = [
  {
    rule: 'label-content-name-mismatch',
    what: 'a button named otherwise than its visible text (the account button before issue 24)',
    body: '<button id="bad" aria-label="Account: Dev Dealer">DD</button>',
  },
  {
    rule: 'color-contrast',
    what: 'text under 4.5:1',
    body: '<p id="bad" style="color: #aaa">Hardly readable</p>',
  },
  {
    rule: 'button-name',
    what: 'an icon button without a name (a dialog close button before issue 24)',
    body: '<button id="bad"><svg aria-hidden="true" width="16" height="16"></svg></button>',
  },
  {
    rule: 'aria-required-children',
    what: 'a menu holding a presentational placeholder (the account menu before issue 24)',
    body: `<div id="bad" role="menu"><div role="presentation" tabindex="-1"></div>
      <div role="menuitem" tabindex="-1">Profile</div></div>`,
  },
  {
    rule: 'aria-prohibited-attr',
    what: 'a label on an element with no role (a loading skeleton before issue 24)',
    body: '<div id="bad" aria-label="Loading the market level"></div>',
  },
  {
    rule: 'label',
    what: 'a field without a label',
    body: '<input id="bad" type="text">',
  },
  {
    rule: 'image-alt',
    what: 'an image without a text alternative',
    body: '<img id="bad" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">',
  },
  {
    rule: 'target-size',
    what: 'a control smaller than 24 px crowded by another (WCAG 2.2)',
    body: `<span><button id="bad" class="tiny" aria-label="Bid">b</button><button class="big"
      >Ask</button></span>`,
    style: `.tiny { width: 12px; height: 12px; padding: 0; margin: 0; border: 0; font-size: 8px }
      .big { width: 48px; height: 32px; margin: 0 }`,
  },
]

async function show(page: Page, html: string): Promise<void> {
  await page.setContent(html)
}

test('the gate passes a clean page', async ({ page }) => {
  await show(page, fixture('<p>Readable text, <button>a named button</button>.</p>'))
  expect(await gateFindings(page, '/clean as nobody, light')).toEqual([])
})

for (const { rule, what, body, style } of KNOWN) {
  test(`the gate fails on ${rule}: ${what}`, async ({ page }) => {
    await show(page, fixture(body, style))
    const where = '/fixture as dealer@demo.test, light'
    const findings = await gateFindings(page, where)
    const found = findings.filter((line) => line.includes(`: ${rule} (`))
    expect(found, findings.join('\n')).toHaveLength(1)
    // It names the route, the account and the theme, the rule and the node.
    expect(found[0]).toMatch(new RegExp(`^${where}: ${rule} \\((serious|critical)\\) at #bad: `))
    // And the gate's assertion fails, listing it.
    expect(() => expectNoFindings(findings)).toThrow(`${where}: ${rule}`)
  })
}

test('the gate catches a colour that fails only in the dark theme, with the colour rules', async ({
  page,
}) => {
  const dark = `[data-mantine-color-scheme="dark"] body { color: #eee; background: #222 }
    [data-mantine-color-scheme="dark"] #bad { color: #444 }`
  await show(page, fixture('<p id="bad">Readable in light only</p>', dark))
  expect(await gateFindings(page, '/fixture, light', 'colours')).toEqual([])
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
  )
  const findings = await gateFindings(page, '/fixture, dark', 'colours')
  expect(findings).toHaveLength(1)
  expect(findings[0]).toMatch(/^\/fixture, dark: color-contrast \(serious\) at #bad: /)
})
