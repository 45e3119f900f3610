// Builds the numbers the page ships computed (src/core/experiments/shipped.ts says which) into
// TypeScript modules, so the tour's charts draw at once instead of sweeping for seconds: the
// article's LRU curves and the timer-queue scene's scaling points. Like the kernels' modules
// (scripts/kernel.ts) they are generated, never committed, and rebuilt by `npm run data` (run by
// `prepare`, `prestart`, `prebuild` and `pretest` after the kernels) whenever their stamp is out
// of date: a hash of the core module that computes them, of every source it imports (the
// kernels' generated modules included) and of this file, which writes them.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importsOf } from './importGraph';

export interface DataSpec {
  /** Used in messages. */
  name: string;
  /** The core module that computes the data; the stamp covers it and all it imports. */
  source: string;
  imports: readonly string[];
  module: string;
  /** The generated constants: `${prefix}_STAMP` and `${prefix}`. */
  prefix: string;
  /** The data's type, imported from shipped.ts (a built-in one, `string`, is not imported). */
  type: string;
  /** Computes the data: each element written as one TypeScript expression. */
  compute: () => Promise<string[]>;
}

/** A path from the repository's root. */
const path = (relative: string): string =>
  fileURLToPath(new URL(`../${relative}`, import.meta.url));

const THIS_FILE = fileURLToPath(import.meta.url);

function data(
  spec: Omit<DataSpec, 'imports' | 'source' | 'module'> & { source: string },
): DataSpec {
  const source = path(spec.source);
  return {
    ...spec,
    source,
    imports: importsOf(source),
    module: source.replace(/\.ts$/, '.generated.ts'),
  };
}

/** A string as a single-quoted TypeScript literal (the project's quote style). */
const quoted = (text: string): string =>
  `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The article's LRU sweeps of the binary heap and the B-heap: Figures 1-4 and the claim. */
export const CURVES_DATA = data({
  name: 'article curves',
  source: 'src/core/experiments/shippedCurves.ts',
  prefix: 'SHIPPED_CURVES',
  type: 'ShippedCurve',
  compute: async () => {
    const { computeShippedCurves } = await import('../src/core/experiments/shippedCurves');
    return computeShippedCurves().map((curve) => {
      const fields = Object.entries(curve).map(([key, value]) => {
        const text = typeof value === 'string' ? quoted(value) : String(value);
        // As the formatter lays it out: a value too long for the line goes on the next one.
        return key.length + text.length > 90
          ? `    ${key}:\n      ${text},`
          : `    ${key}: ${text},`;
      });
      return ['{', ...fields, '  }'].join('\n');
    });
  },
});

/** The tour's scene 12: the article's run at its operation 2,000,001, drawn before it is recorded. */
export const LANDING_DATA = data({
  name: 'landing of the article run',
  source: 'src/core/replay/shippedLanding.ts',
  prefix: 'SHIPPED_LANDING',
  type: 'string',
  compute: async () => {
    const { computeShippedLanding } = await import('../src/core/replay/shippedLanding');
    return computeShippedLanding().map(quoted);
  },
});

/** The timer-queue scene's scaling points (the sorted list is counted, not walked). */
export const SCALING_DATA = data({
  name: 'scaling points',
  source: 'src/core/experiments/shippedScaling.ts',
  prefix: 'SHIPPED_SCALING_POINTS',
  type: 'ShippedScalingPoint',
  compute: async () => {
    const { computeShippedScaling } = await import('../src/core/experiments/shippedScaling');
    return computeShippedScaling().map(
      ([kind, items, add, remove]) => `[${quoted(kind)}, ${items}, ${add}, ${remove}]`,
    );
  },
});

export const DATA: readonly DataSpec[] = [CURVES_DATA, SCALING_DATA, LANDING_DATA];

/** What a generated module is computed from: its sources and this file. */
export function dataStamp(spec: DataSpec): string {
  const hash = createHash('sha256').update(readFileSync(spec.source));
  for (const source of [...spec.imports, THIS_FILE]) {
    hash.update('\0').update(readFileSync(source));
  }
  return hash.digest('hex');
}

/** The stamp written into the generated module, or null if there is none. */
export function builtDataStamp(spec: DataSpec): string | null {
  if (!existsSync(spec.module)) return null;
  const pattern = new RegExp(`${spec.prefix}_STAMP =\\s*'([0-9a-f]{64})'`);
  const match = pattern.exec(readFileSync(spec.module, 'utf8'));
  return match === null ? null : match[1];
}

/** Computes the data and writes its generated module; returns its size in bytes. */
export async function buildData(spec: DataSpec): Promise<number> {
  const stamp = dataStamp(spec);
  const elements = await spec.compute();
  const source = spec.source.slice(spec.source.indexOf('/src/') + 1);
  // One line if it fits, as the formatter would write it (the module passes `biome check`).
  const oneLine = `export const ${spec.prefix}_STAMP = '${stamp}';`;
  const stampLine =
    oneLine.length > 100 ? `export const ${spec.prefix}_STAMP =\n  '${stamp}';` : oneLine;
  const text = [
    `// Generated by \`npm run data\` (scripts/data.ts) from ${source}.`,
    '// Do not edit, do not commit: it is rebuilt whenever its stamp differs.',
    '',
    ...(spec.type === 'string' ? [] : [`import type { ${spec.type} } from './shipped';`, '']),
    stampLine,
    '',
    `export const ${spec.prefix}: readonly ${spec.type}[] = [`,
    ...elements.map((element) => `  ${element},`),
    '];',
    '',
  ].join('\n');
  writeFileSync(spec.module, text);
  return Buffer.byteLength(text);
}
