// `npm run bench:lighthouse`: builds the page, serves it, and runs Lighthouse on the first visit,
// every tour scene, the bare lab, the article's run and the README's embed, with the mobile and
// desktop presets; prints the table with issue 34's budgets, then the layout-shift culprits and
// the longest main-thread tasks. A benchmark, not a test: it exits 0 after printing even when a
// budget is missed, unless --strict. Lab notes and the measured table: docs/performance.md.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { auditOnce } from './audit';
import { chooseChromium, chromiumFlags, chromiumVersion } from './chromium';
import { formatFailedAudits, formatLayoutShifts, formatLongTasks } from './culprits';
import { type BenchOptions, parseOptions, USAGE } from './options';
import { LIGHTHOUSE_PAGES, pageUrl } from './pages';
import { combineRuns, type Preset } from './results';
import { buildPage, builtPageExists, freePort, OUT_DIR, startPreview } from './server';
import { failedRun, type RunSummary } from './summary';
import { countMisses, formatCls, formatMs, formatTable, type PageRow, tableLegend } from './table';

const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2), LIGHTHOUSE_PAGES);
  if (!parsed.ok) {
    if ('help' in parsed) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    log(parsed.error);
    return 2;
  }
  const options = parsed.options;
  const chromium = chooseChromium();
  if (!chromium.ok) {
    log(chromium.error);
    return 2;
  }
  const version = chromiumVersion(chromium.path);
  const lighthouseVersion = installedLighthouseVersion();

  if (options.skipBuild) {
    if (!builtPageExists()) {
      log(`--skip-build: no build in ${OUT_DIR}; run once without --skip-build`);
      return 2;
    }
  } else {
    log(`Building into ${OUT_DIR} …`);
    await buildPage();
  }

  const preview = await startPreview(await freePort());
  const stopOnSignal = () => {
    preview.stop();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  const startLoad = load();
  const started = new Date();
  let runs: Map<string, RunSummary[]>;
  try {
    runs = await auditAll(options, preview.origin, chromium.path);
  } finally {
    preview.stop();
  }
  const endLoad = load();

  const rows: PageRow[] = options.pages.map((page) => {
    const row: PageRow = { page };
    for (const preset of options.presets)
      row[preset] = combineRuns(runs.get(key(page.id, preset)) ?? []);
    return row;
  });
  const all = [...runs.values()].flat();
  const benchmark = all.map((run) => run.benchmarkIndex).filter((v): v is number => v !== null);
  const failed = all.filter((run) => run.error !== null).length;

  const out: string[] = [
    `Lighthouse ${lighthouseVersion}, ${version}; ${started.toISOString().slice(0, 10)}`,
    `${options.runs === 1 ? '1 run' : `median of ${options.runs} runs`} per page and preset; load average ${startLoad} at the start, ${endLoad} at the end; Lighthouse's benchmark index ${range(benchmark)}`,
    '',
    ...formatTable(rows),
    '',
    ...tableLegend(),
    '',
    ...formatFailedAudits(rows),
    '',
    ...formatLayoutShifts(rows),
    '',
    ...formatLongTasks(rows),
  ];
  const misses = countMisses(rows);
  out.push(
    '',
    `${misses} cell${misses === 1 ? '' : 's'} miss${misses === 1 ? 'es' : ''} a budget; ${failed} run${failed === 1 ? '' : 's'} failed.`,
  );
  const problems = rows.flatMap((row) =>
    options.presets.flatMap((preset) =>
      distinct(
        (row[preset]?.runs ?? []).flatMap((run) => [
          ...run.warnings,
          ...(run.error ? [run.error] : []),
        ]),
      ).map((text) => `- ${row.page.label}, ${preset}: ${text}`),
    ),
  );
  if (problems.length > 0) out.push('Lighthouse said:', ...problems);
  process.stdout.write(`${out.join('\n')}\n`);

  if (options.json !== null) {
    const report = {
      date: started.toISOString(),
      lighthouse: lighthouseVersion,
      chromium: version,
      command: `npm run bench:lighthouse -- ${process.argv.slice(2).join(' ')}`.trim(),
      runsPerPage: options.runs,
      loadAverage: { start: startLoad, end: endLoad },
      pages: rows.map((row) => ({
        id: row.page.id,
        label: row.page.label,
        query: row.page.query,
        mobile: row.mobile,
        desktop: row.desktop,
      })),
    };
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    log(`Wrote ${options.json}`);
  }
  return options.strict && (misses > 0 || failed > 0) ? 1 : 0;
}

const key = (pageId: string, preset: Preset) => `${pageId} ${preset}`;

async function auditAll(
  options: BenchOptions,
  origin: string,
  chromiumPath: string,
): Promise<Map<string, RunSummary[]>> {
  const setup = { chromiumPath, chromiumFlags: chromiumFlags(process.getuid?.() === 0) };
  const results = new Map<string, RunSummary[]>();
  const total = options.runs * options.pages.length * options.presets.length;
  let done = 0;
  // Round by round, so a slow spell of the machine spreads over the pages instead of one page.
  for (let round = 1; round <= options.runs; round++) {
    for (const page of options.pages) {
      for (const preset of options.presets) {
        const began = performance.now();
        let run: RunSummary;
        try {
          run = await auditOnce(pageUrl(origin, page), preset, setup);
        } catch (error) {
          run = failedRun((error as Error).message);
        }
        results.set(key(page.id, preset), [...(results.get(key(page.id, preset)) ?? []), run]);
        done++;
        const seconds = ((performance.now() - began) / 1000).toFixed(0);
        const numbers =
          run.error !== null
            ? `failed: ${run.error}`
            : `perf ${run.performance}, TBT ${run.tbtMs === null ? '–' : formatMs(run.tbtMs)}, CLS ${run.cls === null ? '–' : formatCls(run.cls)}`;
        log(
          `[${done}/${total}] ${page.label}, ${preset}, run ${round}/${options.runs}: ${numbers} (${seconds} s)`,
        );
      }
    }
  }
  return results;
}

function installedLighthouseVersion(): string {
  const manifest = createRequire(import.meta.url).resolve('lighthouse/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function range(values: readonly number[]): string {
  if (values.length === 0) return '–';
  const low = Math.round(Math.min(...values));
  const high = Math.round(Math.max(...values));
  return low === high ? String(low) : `${low}–${high}`;
}

const distinct = (texts: readonly string[]) => [...new Set(texts)];

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench:lighthouse: ${(error as Error).message}`);
    process.exit(1);
  },
);
