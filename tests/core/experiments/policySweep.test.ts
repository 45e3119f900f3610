import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceEntryBound } from '../../../src/core/experiments/memoryEstimate';
import {
  FULL_REPLAY_ENTRIES,
  joinCurves,
  logFrameCounts,
  REPLAY_FRAME_COUNTS,
  recordTrace,
  replayFrameCounts,
  sweepPolicies,
} from '../../../src/core/experiments/policySweep';
import {
  POLICY_CSV_HEADER,
  toPolicyCsvReport,
  toPolicyJsonReport,
} from '../../../src/core/experiments/report';
import { runAtFrames, sweepLayout } from '../../../src/core/experiments/sweep';
import { POLICIES } from '../../../src/core/memory/pager';
import { type StructureKind, structureSpec } from '../../../src/core/structures/registry';
import { parseScript } from '../../../src/core/workloads/script';
import type { Workload } from '../../../src/core/workloads/workloads';

const PHK: Workload = { kind: 'phk', items: 1500, seed: 5, keyRange: 2 ** 31 };

describe('the frame counts FIFO and CLOCK are replayed at', () => {
  it('are 64 distinct counts from 1 to the pages, spaced on a log scale, or every count up to 64 pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), (pages) => {
        const frames = logFrameCounts(pages);
        expect(frames.length).toBe(Math.min(pages, REPLAY_FRAME_COUNTS));
        expect(frames[0]).toBe(1);
        expect(frames[frames.length - 1]).toBe(pages);
        for (let k = 1; k < frames.length; k++) expect(frames[k]).toBeGreaterThan(frames[k - 1]);
        // Log spacing: no step grows the count by more than the even log step would, once the
        // counts are past the bottom where they must go one by one.
        const ratio = pages ** (1 / (REPLAY_FRAME_COUNTS - 1));
        for (let k = 1; k < frames.length; k++) {
          expect(frames[k]).toBeLessThanOrEqual(
            Math.max(frames[k - 1] + 1, Math.ceil(frames[k - 1] * ratio) + 1),
          );
        }
      }),
    );
  });

  it('are every count when affordable, else the log-spaced ones and every count asked for', () => {
    expect(replayFrameCounts(40, 1000)).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
    const entries = Math.floor(FULL_REPLAY_ENTRIES / 1954) + 1;
    const chosen = replayFrameCounts(1954, entries, [9, 2000, 9, 333]);
    expect(chosen).toEqual([...new Set([...logFrameCounts(1954), 9, 333])].sort((a, b) => a - b));
  });
});

describe('sweepPolicies', () => {
  const kinds: StructureKind[] = ['binary', 'bheap', 'bheap-strict'];

  it('gives LRU the one-pass sweep, and every policy the direct pager’s counts at each frame count it lists', () => {
    for (const kind of kinds) {
      const spec = structureSpec(kind, 32);
      const result = sweepPolicies(spec, PHK, ['clock', 'lru', 'opt', 'fifo']);
      expect(result.curves.map((curve) => curve.policy)).toEqual(['clock', 'lru', 'opt', 'fifo']);
      const lru = sweepLayout(spec, PHK);
      expect(result.pages).toBe(lru.pages);
      expect(result.operations).toBe(lru.operations);
      for (const curve of result.curves) {
        // Small enough to replay every frame count.
        expect(curve.frames).toEqual(Array.from({ length: lru.pages }, (_, k) => k + 1));
        for (const frames of [1, 2, 3, 9, Math.floor(lru.pages / 2), lru.pages]) {
          const direct = runAtFrames(spec, PHK, frames, null, curve.policy);
          const at = curve.frames.indexOf(frames);
          expect(
            [curve.pageIns[at], curve.writeBacks[at]],
            `${kind} ${curve.policy} ${frames}`,
          ).toEqual([direct.pageIns, direct.writeBacks]);
        }
      }
    }
  });

  it('runs one policy alone, and the log-spaced frame counts when every one is too dear', () => {
    const spec = structureSpec('binary', 8);
    const limit = 10_000;
    const result = sweepPolicies(spec, PHK, ['fifo'], { frames: [7], fullReplayEntries: limit });
    const { trace } = recordTrace(spec, PHK);
    expect(result.pages * trace.length).toBeGreaterThan(limit);
    expect(result.pages).toBeGreaterThan(REPLAY_FRAME_COUNTS);
    expect(result.curves).toHaveLength(1);
    const expected = replayFrameCounts(result.pages, trace.length, [7], limit);
    expect(expected).toEqual(
      [...new Set([...logFrameCounts(result.pages), 7])].sort((a, b) => a - b),
    );
    expect(result.curves[0].frames).toEqual(expected);
    expect(result.curves[0].pageIns.length).toBe(expected.length);
  });
});

describe('joinCurves', () => {
  it('merges parts of one policy’s frame counts into one ascending curve', () => {
    const part = (frames: number[]) => ({
      policy: 'fifo' as const,
      frames,
      pageIns: Float64Array.from(frames, (f) => 100 - f),
      writeBacks: Float64Array.from(frames, (f) => 50 - f),
    });
    const joined = joinCurves([part([1, 5, 9]), part([2, 7])]);
    expect(joined.frames).toEqual([1, 2, 5, 7, 9]);
    expect(Array.from(joined.pageIns)).toEqual([99, 98, 95, 93, 91]);
    expect(Array.from(joined.writeBacks)).toEqual([49, 48, 45, 43, 41]);
  });
});

describe('policy reports', () => {
  it('CSV: a row per layout, policy and frame count it has; JSON: an entry per layout and policy', () => {
    const result = sweepPolicies(structureSpec('bheap', 32), PHK, ['lru', 'opt']);
    const csv = toPolicyCsvReport([result], { ioMs: 1, cpuSeconds: () => 2 });
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(POLICY_CSV_HEADER);
    expect(lines.length - 1).toBe(
      result.curves.reduce((sum, curve) => sum + curve.frames.length, 0),
    );
    const [layout, policy, frames, pageIns, writeBacks] = lines[1 + result.pages].split(',');
    expect([layout, policy, Number(frames)]).toEqual(['bheap', 'opt', 1]);
    expect([Number(pageIns), Number(writeBacks)]).toEqual([
      result.curves[1].pageIns[0],
      result.curves[1].writeBacks[0],
    ]);
    const json = JSON.parse(toPolicyJsonReport([result])) as {
      results: {
        layout: string;
        policy: string;
        frames: number[];
        pageIns: number[];
        operations: number;
      }[];
    };
    expect(json.results.map((entry) => [entry.layout, entry.policy])).toEqual([
      ['bheap', 'lru'],
      ['bheap', 'opt'],
    ]);
    for (const [index, entry] of json.results.entries()) {
      expect(entry.frames).toEqual(result.curves[index].frames);
      expect(entry.pageIns).toEqual(Array.from(result.curves[index].pageIns));
      expect(entry.operations).toBe(result.operations);
    }
  });
});

describe('the trace bound of the memory budget', () => {
  it('covers the merged entries of every heap on every workload, within 3 times for phk', () => {
    const script = parseScript('i 5, i 3, i 9, i 1, i 7, pop, del 2, re 1 8, i 4, pop, pop');
    if (!script.ok) throw new Error(script.error);
    const workloads: Workload[] = [
      { kind: 'phk', items: 5000, seed: 3, keyRange: 2 ** 31 },
      { kind: 'asterisk', items: 4000, seed: 2, keyRange: 2 ** 31 },
      { kind: 'expiry', items: 3000, seed: 9, keyRange: 2 ** 31 },
      { kind: 'script', ops: script.value.ops },
    ];
    for (const kind of ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'] as const) {
      for (const perPage of [8, 64]) {
        for (const workload of workloads) {
          // The script names slots of the article's layouts.
          if (workload.kind === 'script' && kind !== 'binary' && kind !== 'bheap') continue;
          const spec = structureSpec(kind, perPage);
          const { trace } = recordTrace(spec, workload);
          const bound = traceEntryBound(spec, workload);
          const label = `${kind}/${perPage} ${workload.kind}`;
          expect(bound, label).toBeGreaterThanOrEqual(trace.length);
          // The other workloads sift a little from random places, while the bound takes every
          // sift the full height: several times over.
          if (workload.kind === 'phk') expect(bound, label).toBeLessThanOrEqual(3 * trace.length);
        }
      }
    }
  });

  it('knows every policy', () => {
    expect(POLICIES).toEqual(['lru', 'fifo', 'clock', 'opt']);
  });
});
