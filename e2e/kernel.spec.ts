// The real kernel in the page: the tour's last scene opens the machine tab on the measurement
// under Linux's own pager (the kernel's reads beside the model's LRU), and a user's own
// `sim kernel --format json` file replaces it only when it is one, never rendered as HTML.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ARTICLE_TOUR } from '../src/core/scenario/articleTour';
import { expect, test } from './fixtures';

const measurement: unknown = JSON.parse(
  readFileSync(
    new URL('../src/core/experiments/osKernelMeasurement.json', import.meta.url),
    'utf8',
  ),
);
const SCENE = ARTICLE_TOUR.scenes.findIndex((scene) => scene.title === 'A real kernel agrees') + 1;

/** A file for the page's file input: a name and a JSON body. */
function file(name: string, body: unknown): { name: string; mimeType: string; buffer: Buffer } {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { name, mimeType: 'application/json', buffer: Buffer.from(text) };
}

/** The plotted numbers of one layout's kernel line ("room:pages;…"). */
async function kernelLine(page: Page, layout: string): Promise<string | null> {
  return page
    .getByTestId('kernel-chart')
    .locator(`path.kc-line[data-layout="${layout}"]`)
    .getAttribute('data-points');
}

test('the tour’s last scene shows the kernel’s reads beside the model; a bad file is refused, a good one drawn', async ({
  page,
  problems,
}) => {
  expect(SCENE).toBe(ARTICLE_TOUR.scenes.length);
  await page.goto(`/?tour=${SCENE}`);
  await expect(page.getByTestId('tour-title')).toHaveText('A real kernel agrees');
  await expect(page.getByTestId('tour-caption')).toContainText(
    'the B-heap read 2.2–4.1× fewer pages and finished 1.9–4.3× sooner',
  );
  await expect(page.locator('[role="tab"][aria-selected="true"]')).toContainText('On this machine');
  const chart = page.getByTestId('kernel-chart');
  await expect(chart).toBeVisible();
  // Four rooms, two layouts: eight measured points, each heap's kernel line and the model's.
  await expect(chart.locator('path.kc-mark')).toHaveCount(8);
  expect(await kernelLine(page, 'bheap')).toBe('256:1237839;512:922651;1024:484693;1500:204071');
  await expect(chart.locator('path.kc-model[data-layout="binary"]')).toHaveAttribute(
    'data-points',
    '256:4832592;512:2824447;1024:1076945;1500:352737',
  );
  // The model at the pages the array held comes with the shipped curves, the B-heap's on its reads.
  await expect(chart.locator('path.kc-held[data-layout="bheap"]')).toHaveAttribute(
    'data-points',
    /^256:1235343;512:919330;1024:483494;1500:201903$/,
  );
  await expect(page.getByTestId('kernel-readout')).toContainText(
    '256 pages of room: Binary heap read 5,034,656 in 1,859 s',
  );
  await expect(page.getByTestId('kernel-summary')).toContainText(
    'within 1.1% of it at the pages the array held',
  );
  await expect(page.getByTestId('kernel-conditions')).toContainText('Linux 6.18.44-fc-v782');
  await expect(page.getByTestId('kernel-command')).toContainText(
    'npm run sim -- kernel --layout binary,bheap --items 1000000 --page-items 512 --memory-pages 256,512,1024,1500',
  );
  await expect(chart).toHaveAttribute('aria-label', /B-heap: 256 pages of room, 1,237,839 read/);

  // The keyboard moves the readout from room to room.
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('kernel-readout')).toContainText('512 pages of room');

  // A file that is not a measurement: named, what is allowed said, the shipped one kept.
  const input = page.getByTestId('kernel-file');
  const wrong = structuredClone(measurement) as Record<string, unknown>;
  (wrong.rows as Record<string, unknown>[])[1].layout = 'fibonacci';
  await input.setInputFiles(file('wrong.json', wrong));
  await expect(page.getByTestId('kernel-message')).toHaveText(
    /^"wrong\.json" is not a kernel measurement: rows\[1\]\.layout must be one of binary, bheap, dary4, dary8\. The page opens what `npm run sim -- kernel --format json` prints/,
  );
  await expect(page.getByTestId('kernel-source')).toContainText('shipped with the page');
  expect(await kernelLine(page, 'bheap')).toBe('256:1237839;512:922651;1024:484693;1500:204071');
  await input.setInputFiles(file('notes.json', '{"schema": '));
  await expect(page.getByTestId('kernel-message')).toContainText('"notes.json" is not JSON.');
  await expect(page.getByTestId('kernel-shipped')).toBeHidden();

  // A good one, measured another day, with text that must stay text.
  const mine = structuredClone(measurement) as Record<string, unknown>;
  const conditions = mine.conditions as Record<string, unknown>;
  conditions.date = '2027-03-04T05:06:07.000Z';
  conditions.cpu = '<img src=x onerror="document.title=1">';
  const rows = mine.rows as Record<string, Record<string, unknown>>[];
  rows[1].kernel.pagesRead = 1_200_000;
  await input.setInputFiles(file('mine.json', mine));
  await expect(page.getByTestId('kernel-message')).toBeHidden();
  await expect(page.getByTestId('kernel-source')).toHaveText(
    'Shown: your file "mine.json", measured on 2027-03-04.',
  );
  expect(await kernelLine(page, 'bheap')).toBe('256:1200000;512:922651;1024:484693;1500:204071');
  await expect(page.getByTestId('kernel-conditions')).toContainText('<img src=x onerror=');
  await expect(page.getByTestId('kernel-part').locator('img')).toHaveCount(0);
  // Its ratios are recomputed from its rows: 5,034,656 ÷ 1,200,000 at 256 pages.
  await expect(page.getByTestId('kernel-ratios').locator('tbody tr').first()).toContainText(
    '4.20×',
  );

  // And back to the shipped measurement.
  await page.getByTestId('kernel-shipped').click();
  await expect(page.getByTestId('kernel-source')).toContainText('shipped with the page');
  expect(await kernelLine(page, 'bheap')).toBe('256:1237839;512:922651;1024:484693;1500:204071');
  await expect(page.getByTestId('kernel-shipped')).toBeHidden();
  expect(problems).toEqual([]);
});

test('a link’s mpart is checked like any parameter: a bad value is named and the timings come first', async ({
  page,
}) => {
  await page.goto('/?tour=off&panel=machine&mpart=pager');
  await expect(page.getByTestId('scenario-error')).toContainText(
    'mpart must be one of timing, kernel, got "pager"; using timing',
  );
  // The kernel part is there, after the timings.
  await expect(page.getByTestId('kernel-chart')).toBeAttached();
  const order = await page
    .getByTestId('machine-panel')
    .evaluate((box) =>
      [...(box.querySelector('.series-panel')?.children ?? [])].map(
        (child) => child.getAttribute('data-testid') ?? child.className,
      ),
    );
  expect(order.indexOf('kernel-part')).toBe(order.length - 1);
});
