import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Port of the real server the journeys run against (npm start's build, on its own data dir). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100)
/** Port of the built Storybook, for checks of components no journey reaches yet. */
export const STORIES_PORT = Number(process.env.E2E_STORIES_PORT ?? 6106)

const dataDir = mkdtempSync(join(tmpdir(), 'bonds-e2e-'))

// Time limits are generous and named: a journey waits for a state (a heading, a row, a toast),
// never for a guess of how fast the machine is; these only stop one that never comes. A 2-core
// machine with other work on it takes several times longer than an idle one.
/** How long an assertion waits for its state. */
const EXPECT_TIMEOUT_MS = 20_000
/** How long one journey may take. */
const TEST_TIMEOUT_MS = 120_000
/** How long a click, fill or navigation waits for its target. */
const ACTION_TIMEOUT_MS = 30_000
/** How long the server may take to start (it imports the bond universe on a fresh data dir). */
const SERVER_START_TIMEOUT_MS = 180_000

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's Chromium; never a browser downloaded by a test tool.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // One retry, everywhere (npm test is what CI runs): a journey that passes only on its retry is
  // reported as flaky in the summary, with the retry's trace to say why.
  retries: 1,
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: [['list']],
  use: {
    // Recorded on the retry only: recording every first attempt (DOM snapshots and a screencast
    // of each action) made the suite a third slower on a 2-core machine.
    trace: 'on-first-retry',
    actionTimeout: ACTION_TIMEOUT_MS,
    navigationTimeout: ACTION_TIMEOUT_MS,
  },
  projects: [
    {
      name: 'app',
      testIgnore: /stories\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    {
      name: 'stories',
      testMatch: /stories\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${STORIES_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'node ../../apps/api/dist/main.js',
      url: `http://127.0.0.1:${APP_PORT}/version.json`,
      reuseExistingServer: false,
      timeout: SERVER_START_TIMEOUT_MS,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        // The journeys sign in as the demo accounts and read the outbox.
        DEMO_MODE: 'true',
        // The live demo market trades as the demo dealer and broker the journeys sign in as: off.
        DEMO_DESK: 'false',
        // The venue simulator is always open: the journeys' venue steps run at any hour (its
        // closed session is checked by the simulator's unit tests; decision 359).
        VENUE_SESSION: '00:00-24:00 daily',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Every journey signs in from the same address.
        AUTH_RATE_LIMIT: '1000',
      },
    },
    {
      command: `node serve-static.mjs ../storybook/storybook-static ${STORIES_PORT}`,
      url: `http://127.0.0.1:${STORIES_PORT}/index.html`,
      reuseExistingServer: false,
      timeout: SERVER_START_TIMEOUT_MS,
    },
  ],
})
