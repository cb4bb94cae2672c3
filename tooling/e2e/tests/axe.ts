// axe-core checks of a page as it stands, shared by every journey that runs them.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type Violation = AxeResults['violations'][number]

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

function isSerious(violation: Violation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical'
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
  // Let entrance transitions end: axe measures colour contrast on what is painted (an endless
  // animation, a live dot's pulse, never ends and is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  )
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
