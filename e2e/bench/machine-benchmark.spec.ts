// A benchmark report, not a timed test: the "On this machine" tab measured in this Chromium at the
// N values of BHEAP_MACHINE_SIZES (skipped without it: a full run takes many minutes), printed as
// the CLI's text table (`npm run sim -- measure` prints the same for Node). BHEAP_MACHINE_FORM,
// BHEAP_MACHINE_WORK, BHEAP_MACHINE_REPS and BHEAP_MACHINE_LAYOUTS choose the rest;
// BHEAP_MACHINE_OUT names a file for the JSON export.
import { writeFileSync } from 'node:fs';
import { textReport } from '../../src/cli/measure';
import type { MachineRow } from '../../src/core/experiments/machineReport';
import { parseScenario } from '../../src/core/scenario/parse';
import { downloadFrom, expect, test } from '../fixtures';

const sizes = process.env.BHEAP_MACHINE_SIZES;

test('benchmark: the heaps timed in this browser, beside the cache model', async ({ page }) => {
  test.skip(sizes === undefined, 'set BHEAP_MACHINE_SIZES (e.g. 1024,65536,1048576) to run it');
  test.setTimeout(3 * 60 * 60 * 1000);
  const params = new URLSearchParams({
    tour: 'off',
    panel: 'machine',
    msizes: sizes ?? '',
    mform: process.env.BHEAP_MACHINE_FORM ?? 'key',
    mwork: process.env.BHEAP_MACHINE_WORK ?? 'phk',
    mreps: process.env.BHEAP_MACHINE_REPS ?? '5',
  });
  if (process.env.BHEAP_MACHINE_LAYOUTS !== undefined)
    params.set('mlayouts', process.env.BHEAP_MACHINE_LAYOUTS);
  const link = `/?${params.toString()}`;
  const { scenario, errors } = parseScenario(`?${params.toString()}`);
  expect(errors).toEqual([]);
  await page.goto(link);
  const panel = page.getByTestId('machine-panel');
  await panel.getByTestId('machine-measure').click();
  await expect(panel.locator('section.machine')).toHaveAttribute('data-state', 'done', {
    timeout: 3 * 60 * 60 * 1000,
  });
  const json = (await downloadFrom(page, panel.getByTestId('machine-export-json'))).toString(
    'utf8',
  );
  if (process.env.BHEAP_MACHINE_OUT !== undefined)
    writeFileSync(process.env.BHEAP_MACHINE_OUT, json);
  const rows = (JSON.parse(json) as { results: MachineRow[] }).results;
  // The browser's own version (the device profile's user agent names another).
  const version = page.context().browser()?.version() ?? 'unknown';
  console.log(`Chromium ${version}\n${textReport(rows, scenario.machine)}`);
});
