// The API fuzz suite at volume (issue 19): the same generator and checks as
// apps/api/src/http/fuzz-operations.test.ts (which runs 12 inputs an operation in npm test), with
// many more inputs and a seed of your choice.
// usage: node run.mjs fuzz [inputs per operation, default 200] [seed, default: the time]
// Prints the suite's own line (inputs tried, answers by class) and exits 1 on any 5xx.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { machine } from '../lib/server.ts'

const inputs = Number(process.argv[2] ?? 200)
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000)
const root = fileURLToPath(new URL('../../', import.meta.url))
console.log(`# API fuzz — ${machine()}; ${inputs} inputs an operation, seed ${seed}\n`)
const started = Date.now()
const run = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--config',
    'tooling/vitest-config/workspace.config.ts',
    '--project',
    'api',
    'src/http/fuzz-operations.test.ts',
  ],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FUZZ_INPUTS: String(inputs), FUZZ_SEED: String(seed) },
    maxBuffer: 64 * 1024 * 1024,
  },
)
const output = `${run.stdout}\n${run.stderr}`
const line = /fuzz: [^\n]+/.exec(output)?.[0]
console.log(line ?? output)
console.log(
  `\n${((Date.now() - started) / 60_000).toFixed(1)} min; ${run.status === 0 ? 'no 5xx' : 'FAILED (5xx above)'}`,
)
if (run.status !== 0 && line) console.log(output.slice(-20_000))
process.exit(run.status ?? 1)
