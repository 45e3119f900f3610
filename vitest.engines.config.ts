// The smoke journeys in three engines (npm run test:engines): Chromium and Firefox through
// puppeteer-core, WebKit through WebKitWebDriver, one journey source for all (e2e/engines/).
// Each engine is a block of its own in the output, named first on every line.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/engines/*.journeys.ts'],
    globalSetup: ['e2e/engines/setup.ts'],
    environment: 'node',
    reporters: ['verbose'],
    // The engines run one after another: two cores, and one WebKitWebDriver session at a time.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
