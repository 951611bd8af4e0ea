import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys against the production build served by the real server
// on a fresh embedded database. Debian's Chromium, never a downloaded browser.

const port = Number(process.env.E2E_PORT ?? 4318);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner; worker processes inherit it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
// A real session secret for the server under test; the dist/ scan checks it never reaches the client.
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString('base64url');

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Chicago',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --import tsx server/index.ts',
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      PATH: process.env.PATH ?? '',
    },
  },
});
