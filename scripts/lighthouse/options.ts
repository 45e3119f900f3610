// The command line of `npm run bench:lighthouse`. Each refusal is one line naming the argument
// and what it accepts; main.ts prints it and exits with code 2.

import { parseArgs } from 'node:util';
import { choosePages, type LighthousePage } from './pages';
import { PRESETS, type Preset } from './results';

export interface BenchOptions {
  pages: LighthousePage[];
  presets: Preset[];
  /** Lighthouse runs per page and preset; the table shows their median. */
  runs: number;
  /** Where to write every run's numbers, or null. */
  json: string | null;
  /** Exit 1 when a cell misses its budget or a run fails. */
  strict: boolean;
  /** Audit the build already in the output folder instead of building. */
  skipBuild: boolean;
}

export const DEFAULT_RUNS = 1;
export const MAX_RUNS = 25;

export const USAGE = `npm run bench:lighthouse -- [--pages first,tour3,embed] [--preset mobile|desktop] [--runs N] [--json out.json] [--strict] [--skip-build]
  --pages       which pages (default: all); names: first, tour1…tourN or tours (every scene), bare, article, embed
  --preset      mobile or desktop (default: both)
  --runs        Lighthouse runs per page and preset, 1–${MAX_RUNS}; the table shows the median (default ${DEFAULT_RUNS})
  --json        also write every run's numbers to this file
  --strict      exit 1 when a cell misses its budget or a run fails (default: exit 0 after printing)
  --skip-build  audit the build already in dist/lighthouse`;

export type ParsedOptions =
  | { ok: true; options: BenchOptions }
  | { ok: false; error: string }
  | { ok: false; help: true };

export function parseOptions(
  argv: readonly string[],
  allPages: readonly LighthousePage[],
): ParsedOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    return { ok: false, error: `${(error as Error).message}\n${USAGE}` };
  }
  if (values.help) return { ok: false, help: true };

  let pages = [...allPages];
  if (values.pages !== undefined) {
    const chosen = choosePages(allPages, values.pages);
    if (!chosen.ok) return { ok: false, error: chosen.error };
    pages = chosen.pages;
  }

  let presets = [...PRESETS];
  if (values.preset !== undefined) {
    const preset = PRESETS.find((name) => name === values.preset);
    if (preset === undefined) {
      return {
        ok: false,
        error: `--preset: "${values.preset.slice(0, 20)}" is not a preset; allowed: ${PRESETS.join(', ')}`,
      };
    }
    presets = [preset];
  }

  let runs = DEFAULT_RUNS;
  if (values.runs !== undefined) {
    if (!/^\d+$/.test(values.runs) || Number(values.runs) < 1 || Number(values.runs) > MAX_RUNS) {
      return {
        ok: false,
        error: `--runs: "${values.runs.slice(0, 20)}" is not a whole number from 1 to ${MAX_RUNS}`,
      };
    }
    runs = Number(values.runs);
  }

  if (values.json !== undefined && values.json.trim() === '') {
    return { ok: false, error: '--json: needs a file name (e.g. --json lighthouse.json)' };
  }

  return {
    ok: true,
    options: {
      pages,
      presets,
      runs,
      json: values.json ?? null,
      strict: values.strict ?? false,
      skipBuild: values['skip-build'] ?? false,
    },
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      pages: { type: 'string' },
      preset: { type: 'string' },
      runs: { type: 'string' },
      json: { type: 'string' },
      strict: { type: 'boolean' },
      'skip-build': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
