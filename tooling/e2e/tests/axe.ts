// axe-core checks of a page as it stands, shared by every journey that runs them.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'
import axe, { type RunOptions } from 'axe-core'

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type Violation = AxeResults['violations'][number]

/** axe's tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices. */
export const WCAG_22_AA_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22a',
  'wcag22aa',
  'best-practice',
] as const

/**
 * axe's experimental rules for WCAG A and AA criteria, which it leaves off unless asked: among them
 * Label in Name (2.5.3), which the account button once failed on every signed-in page.
 */
export const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'css-orientation-lock',
  'table-fake-caption',
] as const

/**
 * Run axe on the page as it stands.
 *
 * Legacy mode runs `axe.run` in the page itself instead of collecting partial results and opening a
 * blank page to finish them (the default, there for cross-origin iframes, which the product does
 * not have); only violations and undecided checks are reported in full (passes list no nodes).
 * Together they take a scan from about 5 s to under 2 s on a busy 2-core machine, with the same
 * rules and findings.
 */
export function scan(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze()
}

/** The gate's rules that read colours: all a change of theme can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const

/** Which of the gate's rules to run: all of them, or those that read colours. */
export type GateRules = 'all' | 'colours'

/** The gate's axe options for a set of its rules. */
function gateOptions(rules: GateRules): RunOptions {
  if (rules === 'colours') {
    return {
      resultTypes: ['violations', 'incomplete'],
      runOnly: { type: 'rule', values: [...COLOUR_RULES] },
    }
  }
  return {
    resultTypes: ['violations', 'incomplete'],
    runOnly: { type: 'tag', values: [...WCAG_22_AA_TAGS] },
    rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  }
}

/**
 * Run the accessibility gate's rules on the page as it stands: WCAG 2.2 A and AA (with axe's
 * experimental rules for them, and WCAG 2.2's target size, which axe runs only when asked by tag)
 * and axe's best practices; or only those that read colours.
 *
 * axe runs in the page itself, as `scan`'s legacy mode does, but is put in the page once per
 * document instead of once per scan (a third of a scan's time on a busy 2-core machine): the gate
 * scans each document many times (routes reached by the app's router, both themes, menus).
 */
export async function scanWcag22(page: Page, rules: GateRules = 'all'): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axe.source)
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    gateOptions(rules),
  )
}

function isSerious(violation: Violation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical'
}

/** Wait until entrance transitions have ended (axe measures colour contrast on what is painted). */
export async function settleAnimations(page: Page): Promise<void> {
  // An endless animation, a live dot's pulse, never ends and is not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  )
}

/**
 * The gate's serious and critical findings on the page as it stands, one line per failing node,
 * each naming where it was found (route, role, theme: `where`), the rule and the node's selector.
 */
export async function gateFindings(
  page: Page,
  where: string,
  rules: GateRules = 'all',
): Promise<string[]> {
  await settleAnimations(page)
  const results = await scanWcag22(page, rules)
  return results.violations.filter(isSerious).flatMap((violation) =>
    violation.nodes.map((node) => {
      const summary = (node.failureSummary ?? '').trim().replace(/\n\s*/g, ' ')
      return `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${summary} ${node.html.slice(0, 160)}`
    }),
  )
}

/** One violation, readably: rule, impact, help, and each node's selector and what fails. */
function describe(violation: Violation): string {
  const nodes = violation.nodes
    .map((node) => {
      const summary = (node.failureSummary ?? '')
        .trim()
        .replace(/:\n\s*/g, ': ')
        .replace(/\n\s*/g, '; ')
      return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`
    })
    .join('\n')
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`
}

/**
 * Check the page as it stands: attach every finding to the report, log moderate ones and what axe
 * could not decide, and fail on serious and critical violations, each described.
 */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo): Promise<void> {
  await settleAnimations(page)
  const results = await scan(page)
  await testInfo.attach('axe-violations.json', {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  })
  const serious = results.violations.filter(isSerious)
  const minor = results.violations.filter((v) => !isSerious(v))
  // What axe could not decide (e.g. contrast over an image or a translucent layer): for the log.
  const undecided = results.incomplete.filter(isSerious)
  if (undecided.length > 0) {
    console.log(
      `${testInfo.title}: axe could not decide (not failing):\n${undecided.map(describe).join('\n')}`,
    )
  }
  if (minor.length > 0) {
    console.log(
      `${testInfo.title}: ${minor.length} moderate/minor axe finding(s), not failing:\n${minor.map(describe).join('\n')}`,
    )
  }
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `serious or critical axe violations on ${page.url()}:\n${serious.map(describe).join('\n')}\n`,
  ).toEqual([])
}
