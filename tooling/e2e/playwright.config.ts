import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Port of the real server the journeys run against (npm start's build, on its own data dir). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100)
/** Port of the built Storybook, for checks of components no journey reaches yet. */
export const STORIES_PORT = Number(process.env.E2E_STORIES_PORT ?? 6106)

const dataDir = mkdtempSync(join(tmpdir(), 'bonds-e2e-'))

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
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
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
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
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
      timeout: 20_000,
    },
  ],
})
