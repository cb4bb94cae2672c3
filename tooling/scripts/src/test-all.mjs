#!/usr/bin/env node
// Every check of the workspace, with one closing line `N passed, N failed` that sums every runner:
// workspace lint, formatting, eslint, tsc per package (turbo tasks), Vitest tests, the Storybook
// build, the production builds, and Playwright tests against the real server. One after another,
// except where a check leaves a core idle beside another (decision 379).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve as absolute } from 'node:path'

const started = Date.now()
/** The built Storybook the stories' journeys are served from, and where it is built first. */
const STORYBOOK_STATIC = absolute('tooling/storybook/storybook-static')
const STORYBOOK_BUILDING = absolute(
  'tooling/storybook/node_modules/.cache/storybook-static-building',
)
const tmp = mkdtempSync(join(tmpdir(), 'bonds-test-'))
const totals = { passed: 0, failed: 0 }
/** Each check's summary lines, in the order the checks started (filled in as each ends). */
const summary = []

/**
 * One check as it runs: its name, when it started (its summary line says how long it took), and
 * where its output goes: straight to the terminal, or held and printed whole when it ends (checks
 * that run side by side, so their lines do not interleave).
 */
function step(name, { held = false } = {}) {
  const header = `\n=== ${name} ===\n`
  const check = { name, started: Date.now(), held: held ? [header] : null, lines: [] }
  summary.push(check.lines)
  if (!held) process.stdout.write(header)
  return check
}

/** Minutes and seconds, as in `3m07s`. */
function elapsed(ms) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
}

/** Run a command for a check; resolves with exit status and the captured output. */
function exec(check, cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const onData = (stream) => (chunk) => {
      output += chunk
      if (check.held) check.held.push(String(chunk))
      else stream.write(chunk)
    }
    child.stdout.on('data', onData(process.stdout))
    child.stderr.on('data', onData(process.stderr))
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
    child.on('error', (error) => resolve({ code: 1, output: String(error) }))
  })
}

/** A check's result: counted in the totals, its summary line (and any lines naming failures). */
function record(check, passed, failed, name = check.name) {
  totals.passed += passed
  totals.failed += failed
  const took = elapsed(Date.now() - check.started)
  check.lines.unshift(
    `${failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${passed} passed, ${failed} failed (${took})`,
  )
  if (check.held) process.stdout.write(check.held.join(''))
}

/**
 * Checks that run side by side (decision 379): each is one process on one core, so on a 2-core
 * machine two of them take about as long as the longer alone. Each check's output is printed whole
 * when it ends; the summary keeps the order given here.
 */
async function together(...checks) {
  const results = await Promise.all(checks.map((check) => check({ held: true })))
  return results.every(Boolean)
}

/** The first line of an error message, cut to fit a summary line. */
function firstLine(message = '') {
  return (
    String(message)
      // eslint-disable-next-line no-control-regex -- the terminal's colour codes, dropped
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')[0]
      .slice(0, 200)
  )
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** A step that is one check: passes when the command exits 0. */
async function single(name, cmd, args, env, options) {
  const check = step(name, options)
  const { code } = await exec(check, cmd, args, env)
  record(check, code === 0 ? 1 : 0, code === 0 ? 0 : 1)
  return code === 0
}

/** A turbo run: one check per package task, read from turbo's closing "Tasks:" line. */
async function turbo(name, tasks, filters = []) {
  const check = step(name)
  const { code, output } = await exec(check, 'pnpm', [
    'exec',
    'turbo',
    'run',
    ...tasks,
    ...filters,
    '--continue',
    '--output-logs=errors-only',
  ])
  const match = /Tasks:\s+(\d+) successful, (\d+) total/.exec(output)
  if (match) {
    const ok = Number(match[1])
    const total = Number(match[2])
    record(check, ok, Math.max(total - ok, code === 0 ? 0 : 1))
  } else {
    record(check, code === 0 ? 1 : 0, code === 0 ? 0 : 1)
  }
  return code === 0
}

/** A Vitest run (optionally wrapped by a script that starts a service), counted per test. */
async function vitest(name, args = [], wrapper = []) {
  const check = step(name)
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`)
  const command = [
    ...wrapper,
    'pnpm',
    'exec',
    'vitest',
    'run',
    '--config',
    'tooling/vitest-config/workspace.config.ts',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]
  const { code } = await exec(check, command[0], command.slice(1))
  const json = readJson(report)
  if (json) {
    const failedSuites = (json.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
    ).length
    const unexplained = code !== 0 && json.numFailedTests === 0 && failedSuites === 0 ? 1 : 0
    // The failures are named again under the summary, so the last lines of a long log say which.
    for (const file of json.testResults ?? []) {
      const where = relative(process.cwd(), file.name ?? '')
      const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
      if (file.status === 'failed' && failures.length === 0)
        check.lines.push(`     ${where}: ${firstLine(file.message)}`)
      for (const test of failures)
        check.lines.push(
          `     ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        )
    }
    record(check, json.numPassedTests, json.numFailedTests + failedSuites + unexplained)
  } else {
    record(check, 0, 1)
  }
}

/** The journeys of a Playwright JSON report whose outcome is one of `outcomes`, a line each. */
function journeys(suites, outcomes) {
  const lines = []
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (!outcomes.includes(test.status)) continue
        lines.push(`     ${spec.file} › ${spec.title} (${test.status})`)
        // Each failed attempt with the line it stopped at: a retry can stop elsewhere.
        for (const result of test.results ?? []) {
          if (!result.error) continue
          const at = result.error.location ? `:${result.error.location.line}` : ''
          lines.push(
            `       attempt ${result.retry + 1} at ${spec.file}${at}: ${firstLine(result.error.message)}`,
          )
        }
      }
    }
    lines.push(...journeys(suite.suites ?? [], outcomes))
  }
  return lines
}

/**
 * The page as the failing step saw it (Playwright's error context: the accessibility tree), for
 * every failed attempt: CI keeps its log, not its traces, so this is what says why a journey stopped.
 */
function printPageSnapshots(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const context = result.attachments?.find((a) => a.name === 'error-context')
          if (!result.error || !context?.path) continue
          let text
          try {
            text = readFileSync(context.path, 'utf8')
          } catch {
            continue
          }
          // From the test's name on: the file opens with Playwright's hints for a reader.
          const from = text.indexOf('# Test info')
          const lines = text.slice(Math.max(from, 0)).split('\n')
          console.log(
            `\n--- ${spec.file} › ${spec.title}, attempt ${result.retry + 1}: the page ---`,
          )
          console.log(lines.slice(0, 150).join('\n'))
          if (lines.length > 150) console.log(`(${lines.length - 150} more lines)`)
        }
      }
    }
    printPageSnapshots(suite.suites ?? [])
  }
}

async function playwright() {
  const check = step('end-to-end tests (playwright, chromium)')
  const report = join(tmp, 'playwright.json')
  const { code } = await exec(
    check,
    'pnpm',
    ['--filter', '@bonds/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    },
  )
  const json = readJson(report)
  const stats = json?.stats
  if (stats) {
    const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0)
    // A journey that passed only on its retry counts as passed, and is named here.
    if (stats.flaky > 0) check.lines.push(`     playwright: ${stats.flaky} flaky (passed on retry)`)
    check.lines.push(...journeys(json.suites ?? [], ['unexpected', 'flaky']))
    record(check, stats.expected + stats.flaky, failed, 'playwright')
    printPageSnapshots(json.suites ?? [])
  } else {
    record(check, 0, 1, 'playwright')
  }
}

// sherif, Prettier and ESLint are one process on one core each: side by side (decision 379). One
// ESLint run over the workspace (its parsed modules shared, where a run per package parsed what each
// imports again).
await together(
  (options) => single('workspace dependencies (sherif)', 'pnpm', ['exec', 'sherif'], {}, options),
  (options) =>
    single(
      'formatting (prettier)',
      'pnpm',
      ['exec', 'prettier', '--check', '.', '--log-level=warn'],
      {},
      options,
    ),
  (options) => single('lint (eslint, every package)', 'pnpm', ['lint'], {}, options),
)
// Two at a time: tsc 7 runs several threads of its own, and ten side by side on 2 cores took 70 s
// where two at a time take 58 s.
await turbo('typecheck (tsc per package)', ['typecheck'], ['--concurrency=2'])
await vitest('unit, component and API tests (vitest, PGlite)')
await vitest(
  'API tests against PostgreSQL and Redis',
  ['--project', 'api'],
  ['node', 'apps/api/scripts/with-postgres.mjs', 'node', 'apps/api/scripts/with-redis.mjs'],
)
// The Storybook build runs beside the production builds and on while Playwright starts its two
// servers (decision 379): the server imports the bond universe on its fresh data folder, on one core,
// and Playwright waits for both servers before the first test. The build writes aside and the folder
// takes its place whole when it ends, so the stories' server answers only a finished build.
rmSync(STORYBOOK_STATIC, { recursive: true, force: true })
mkdirSync(dirname(STORYBOOK_BUILDING), { recursive: true })
const storybook = (async () => {
  const check = step('storybook build', { held: true })
  const { code } = await exec(check, 'pnpm', [
    '--filter',
    '@bonds/storybook',
    'exec',
    'storybook',
    'build',
    '--quiet',
    '-o',
    STORYBOOK_BUILDING,
  ])
  let ok = code === 0
  try {
    if (ok) renameSync(STORYBOOK_BUILDING, STORYBOOK_STATIC)
  } catch (error) {
    check.held.push(`${String(error)}\n`)
    ok = false
  }
  record(check, ok ? 1 : 0, ok ? 0 : 1)
  return ok
})()
const built = await turbo('production builds', ['build'], ['--filter=@bonds/api...'])
if (built) await playwright()
else record(step('playwright (skipped: build failed)'), 0, 1)
await storybook

rmSync(tmp, { recursive: true, force: true })
console.log(`\n=== summary (${elapsed(Date.now() - started)}) ===`)
for (const line of summary.flat()) console.log(line)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
