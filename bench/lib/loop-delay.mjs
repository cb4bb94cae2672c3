// Preloaded into a bench's server (`node --import`): how long its event loop was blocked, the
// load-insensitive part of a request's wait. On SIGUSR2 it writes the delays since the last signal
// (p50, p99, max, mean, ms) as JSON to BENCH_LOOP_DELAY_FILE and starts counting afresh.
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.BENCH_LOOP_DELAY_FILE
if (file) {
  // A timer every 5 ms: how late it fires is how long the loop was busy.
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const ms = (ns) => Number((ns / 1e6).toFixed(2))
  process.on('SIGUSR2', () => {
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      }),
    )
    delay.reset()
  })
}
