import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_CALL_OVERHEAD, REVIEW_CALL_OVERHEAD } from '../../../src/core/experiments/cost';
import {
  LIST_MAX_ITEMS,
  type ScalingPoint,
  scalingPoint,
  toScalingCsv,
} from '../../../src/core/experiments/scaling';
import {
  csvOrder,
  formatItems,
  formatSeconds,
  formatSecondsTick,
  parseScalingSizes,
  perOperationSeconds,
  SCALING_MAX_SIZES,
  SCALING_PAGE_MAX_ITEMS,
  type ScalingCommand,
  scalingCliCommand,
  scalingPlan,
  scalingSeries,
  withOverhead,
} from '../../../src/core/experiments/scalingSeries';
import { structureSpec } from '../../../src/core/structures/registry';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A point with hand-picked values that share no digits, so a mixed-up field shows. */
function point(overrides: Partial<ScalingPoint>): ScalingPoint {
  return {
    layout: 'binary',
    items: 200,
    addAccesses: 1234,
    deleteAccesses: 5678,
    addSeconds: 0.006,
    deleteSeconds: 0.0014,
    measuredAddSeconds: null,
    measuredDeleteSeconds: null,
    ...overrides,
  };
}

describe('scalingPlan', () => {
  it('runs every structure at the smallest N before any larger N, in the catalogue order', () => {
    const { jobs, skipped } = scalingPlan(['treap', 'binary', 'list'], [1000, 100]);
    expect(jobs).toEqual([
      { kind: 'list', items: 100 },
      { kind: 'binary', items: 100 },
      { kind: 'treap', items: 100 },
      { kind: 'list', items: 1000 },
      { kind: 'binary', items: 1000 },
      { kind: 'treap', items: 1000 },
    ]);
    expect(skipped).toEqual([]);
  });

  it('skips the sorted list past its limit and reports it, but runs the others there', () => {
    const big = LIST_MAX_ITEMS + 1;
    const { jobs, skipped } = scalingPlan(['list', 'rb'], [LIST_MAX_ITEMS, big, 50, 50]);
    expect(skipped).toEqual([{ kind: 'list', items: big }]);
    expect(jobs.map((job) => `${job.kind}@${job.items}`)).toEqual([
      'list@50',
      'rb@50',
      `list@${LIST_MAX_ITEMS}`,
      `rb@${LIST_MAX_ITEMS}`,
      `rb@${big}`,
    ]);
  });
});

describe('parseScalingSizes', () => {
  it('accepts commas and spaces, and returns distinct N in ascending order', () => {
    expect(parseScalingSizes(' 5000, 100 1000,100 ')).toEqual({
      ok: true,
      value: [100, 1000, 5000],
    });
  });

  it('refuses digit separators and leading zeros instead of guessing, naming the plain form', () => {
    for (const [text, plain] of [
      ['1_000', '1000'],
      ['0100', '100'],
    ]) {
      const parsed = parseScalingSizes(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(`plain digits, as ${plain}`);
    }
  });

  it.each([
    ['', 'got none'],
    ['100, abc', '"abc"'],
    ['0', 'got "0"'],
    ['2.5', '"2.5"'],
    [String(SCALING_PAGE_MAX_ITEMS + 1), `to ${SCALING_PAGE_MAX_ITEMS}`],
  ])('refuses %j with a message naming the allowed range', (text, fragment) => {
    const parsed = parseScalingSizes(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toContain(fragment);
      expect(parsed.error).toMatch(/from 1 to/);
    }
  });

  it('refuses more N values than the chart takes', () => {
    const many = Array.from({ length: SCALING_MAX_SIZES + 1 }, (_, i) => 10 + i).join(',');
    const parsed = parseScalingSizes(many);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(`at most ${SCALING_MAX_SIZES}`);
  });
});

describe('per-operation values', () => {
  it('divides the add phase, the delete phase, or both by N', () => {
    const p = point({ items: 200, addSeconds: 0.006, deleteSeconds: 0.0014 });
    expect(perOperationSeconds(p, 'add', 'model')).toBeCloseTo(3e-5, 15);
    expect(perOperationSeconds(p, 'delete', 'model')).toBeCloseTo(7e-6, 15);
    expect(perOperationSeconds(p, 'total', 'model')).toBeCloseTo(3.7e-5, 15);
    expect(perOperationSeconds(p, 'add', 'measured')).toBeNull();
    const timed = point({ measuredAddSeconds: 0.0008, measuredDeleteSeconds: 0.0002 });
    expect(perOperationSeconds(timed, 'total', 'measured')).toBeCloseTo(5e-6, 15);
  });

  it('builds one ascending series per structure, leaving out measured zeros below the clock', () => {
    const points = [
      point({ layout: 'rb', items: 1000, addSeconds: 0.09, measuredAddSeconds: 0.002 }),
      point({ layout: 'list', items: 300, addSeconds: 0.03, measuredAddSeconds: 0 }),
      point({ layout: 'rb', items: 300, addSeconds: 0.021, measuredAddSeconds: 0.0006 }),
    ];
    const model = scalingSeries(points, 'add', 'model');
    expect(model.map((s) => s.kind)).toEqual(['list', 'rb']);
    expect(model[1].points).toEqual([
      { items: 300, seconds: 0.021 / 300 },
      { items: 1000, seconds: 0.09 / 1000 },
    ]);
    const measured = scalingSeries(points, 'add', 'measured');
    expect(measured.map((s) => s.kind)).toEqual(['rb']);
    expect(measured[0].source).toBe('measured');
    expect(measured[0].points.map((p) => p.items)).toEqual([300, 1000]);
  });

  it('recomputes the model seconds for another per-call overhead exactly as scalingPoint does', () => {
    for (const kind of ['list', 'bheap', 'llrb'] as const) {
      const options = { seed: 7, keyRange: 900, now: null };
      const spec = structureSpec(kind, 32);
      const bare = scalingPoint(spec, 180, { ...options, overhead: NO_CALL_OVERHEAD });
      const loaded = scalingPoint(spec, 180, { ...options, overhead: REVIEW_CALL_OVERHEAD });
      expect(withOverhead(bare, REVIEW_CALL_OVERHEAD)).toEqual(loaded);
      expect(withOverhead(loaded, NO_CALL_OVERHEAD)).toEqual(bare);
    }
  });
});

describe('the page CSV against the command line', () => {
  it('prints, in the worker order re-sorted by csvOrder, the very bytes of `sim scaling`', () => {
    const command: ScalingCommand = {
      kinds: ['rb', 'list', 'dary4'],
      sizes: [300, 40],
      itemsPerPage: 64,
      nodeBytes: 48,
      seed: 5,
      keyRange: 2 ** 31,
      overhead: 'review',
      measure: false,
    };
    // As the page does: the worker runs without overhead here, the panel adds the chosen one.
    const points = scalingPlan(command.kinds, command.sizes).jobs.map((job) =>
      withOverhead(
        scalingPoint(structureSpec(job.kind, command.itemsPerPage, command.nodeBytes), job.items, {
          seed: command.seed,
          keyRange: command.keyRange,
          now: null,
          overhead: NO_CALL_OVERHEAD,
        }),
        REVIEW_CALL_OVERHEAD,
      ),
    );
    const page = toScalingCsv(csvOrder(points));
    const line = scalingCliCommand(command);
    expect(line).toBe(
      'npm run sim -- scaling --layout list,dary4,rb --sizes 40,300 --page-items 64 ' +
        '--node-bytes 48 --seed 5 --keys 2147483648 --overhead review --format csv',
    );
    const args = line.replace('npm run sim -- ', '').split(' ');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(page).toBe(result.stdout);
  });

  it('leaves the list sizes the page skips out of the command, since the CLI refuses them', () => {
    const line = scalingCliCommand({
      kinds: ['list', 'binary'],
      sizes: [100, LIST_MAX_ITEMS * 10],
      itemsPerPage: 512,
      nodeBytes: 48,
      seed: 1,
      keyRange: 1000,
      overhead: 'none',
      measure: true,
    });
    expect(line).toContain(`--layout list,binary --sizes 100,${LIST_MAX_ITEMS * 10}`);
    expect(line).toContain('--overhead none --cpu measure --format csv');
    const listOnly = scalingCliCommand({
      kinds: ['list'],
      sizes: [100, LIST_MAX_ITEMS * 10],
      itemsPerPage: 512,
      nodeBytes: 48,
      seed: 1,
      keyRange: 1000,
      overhead: 'none',
      measure: false,
    });
    expect(listOnly).toContain('--layout list --sizes 100 ');
  });
});

describe('formatting', () => {
  it('writes seconds in the unit that keeps three significant digits readable', () => {
    expect(formatSeconds(3.14159e-6)).toBe('3.14 µs');
    expect(formatSeconds(4.2e-8)).toBe('42 ns');
    expect(formatSeconds(0.0123)).toBe('12.3 ms');
    expect(formatSeconds(2.5)).toBe('2.5 s');
    expect(formatSeconds(0)).toBe('0 s');
  });

  it('labels log-axis ticks without float noise', () => {
    expect(formatSecondsTick(1e-7)).toBe('100 ns');
    expect(formatSecondsTick(Number('2e-6'))).toBe('2 µs');
    expect(formatSecondsTick(0.1 * 0.00001)).toBe('1 µs');
    expect(formatSecondsTick(5e-3)).toBe('5 ms');
  });

  it('abbreviates N as the review does', () => {
    expect([100, 500, 5000, 10_000, 100_000, 1_000_000, 1234].map(formatItems)).toEqual([
      '100',
      '500',
      '5k',
      '10k',
      '100k',
      '1M',
      '1234',
    ]);
  });
});
