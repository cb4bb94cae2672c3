// The whole `npm test` on a fresh clone of a busy machine (issue 15): clones the repository into a
// new folder for each run at the commit that was HEAD when the bench started, starts a CPU hog per core beside it, runs the
// README's test command (with `CI=1`, CI's setting: one retry of a failed journey), and prints
// each run's counts (passed, failed, flaky journeys) and duration as a table. Exit 1 when any run
// has a failure or a flaky journey.
//
// usage: node bench/run.mjs suite   (BENCH_SUITE_RUNS, default 3; BENCH_SUITE_HOGS, default one
// per core; BENCH_SUITE_KEEP=1 keeps the clones and logs under bench/.out/suite/)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

const RUNS = Number(process.env.BENCH_SUITE_RUNS ?? 3)
const HOGS = Number(process.env.BENCH_SUITE_HOGS ?? availableParallelism())
const KEEP = process.env.BENCH_SUITE_KEEP === '1'
const repo = spawnSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).stdout.trim()
/** The commit every run tests: HEAD when the bench starts (later commits do not join mid-way). */
const head = spawnSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).stdout.trim()
const logs = join(repo, 'bench', '.out', 'suite')
mkdirSync(logs, { recursive: true })

interface Run {
  run: number
  passed: number
  failed: number
  flaky: number
  seconds: number
  exit: number
  load: string
}

/** A process that keeps one core busy until it is killed. */
function hog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' })
}

/** Run `npm test` in a fresh clone; resolves with its counts. */
function runSuite(run: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bonds-suite-'))
  const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repo, dir], {
    stdio: 'inherit',
  })
  if (clone.status !== 0) throw new Error(`git clone failed (${clone.status})`)
  const checkout = spawnSync('git', ['-C', dir, 'checkout', '--quiet', head], { stdio: 'inherit' })
  if (checkout.status !== 0) throw new Error(`git checkout ${head} failed (${checkout.status})`)
  const log = join(logs, `run-${run}.log`)
  const out = createWriteStream(log)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], {
      cwd: dir,
      env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let text = ''
    const take = (chunk: Buffer) => {
      text += chunk.toString()
      out.write(chunk)
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.on('close', (code) => {
      out.end()
      const seconds = Math.round((Date.now() - started) / 1000)
      const summary = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1)
      const flaky = /^\s*(\d+) flaky$/m.exec(text)
      if (!KEEP) rmSync(dir, { recursive: true, force: true })
      resolve({
        run,
        passed: Number(summary?.[1] ?? 0),
        failed: summary ? Number(summary[2]) : 1,
        flaky: Number(flaky?.[1] ?? 0),
        seconds,
        exit: code ?? 1,
        load: loadavg()
          .map((l) => l.toFixed(1))
          .join(' '),
      })
    })
  })
}

const hogs = Array.from({ length: HOGS }, hog)
const stop = () => hogs.forEach((h) => h.kill('SIGKILL'))
process.on('exit', stop)
process.on('SIGINT', () => process.exit(130))

console.log(
  `npm test on a fresh clone of ${head}, ${RUNS} runs, ${HOGS} CPU hogs beside it, ${availableParallelism()} cores`,
)
const results: Run[] = []
for (let run = 1; run <= RUNS; run++) {
  const result = await runSuite(run)
  results.push(result)
  console.log(
    `run ${run}: ${result.passed} passed, ${result.failed} failed, ${result.flaky} flaky, ${result.seconds} s (exit ${result.exit}; log ${join(logs, `run-${run}.log`)})`,
  )
}
stop()

const fmt = (s: number) => `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
console.log('\n| run | passed | failed | flaky | duration | load (1/5/15 min) at the end | exit |')
console.log('| --- | --- | --- | --- | --- | --- | --- |')
for (const r of results)
  console.log(
    `| ${r.run} | ${r.passed} | ${r.failed} | ${r.flaky} | ${fmt(r.seconds)} | ${r.load} | ${r.exit} |`,
  )
const clean = results.every((r) => r.failed === 0 && r.flaky === 0 && r.exit === 0)
console.log(
  `\n${clean ? 'PASS' : 'FAIL'}: ${results.filter((r) => r.failed === 0 && r.flaky === 0 && r.exit === 0).length} of ${RUNS} runs with nothing failed and nothing flaky`,
)
process.exit(clean ? 0 : 1)
