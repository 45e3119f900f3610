// End-to-end journeys in real Chromium against the production build (vite preview).
// Browsers: BHEAP_CHROMIUM (a path) wins; else Debian's /usr/bin/chromium if present; else
// Playwright's own download (for machines that can fetch it).
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const executablePath =
  process.env.BHEAP_CHROMIUM ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
const PORT = Number(process.env.BHEAP_E2E_PORT ?? 4317);
// Each port builds into its own folder, so two runs at once never serve each other's half-built files.
const OUT_DIR = `dist/e2e-${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    trace: 'off',
    screenshot: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The journeys: each asserts what a user sees (npm test runs these).
    {
      name: 'chromium',
      testIgnore: 'bench/**',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 } },
    },
    // Benchmark reports that print what they measure (npm run bench:page); not part of npm test.
    {
      name: 'bench',
      testMatch: 'bench/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 } },
    },
  ],
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${OUT_DIR} --emptyOutDir && npx vite preview --outDir ${OUT_DIR} --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
