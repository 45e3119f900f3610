// The kernel measurement as the page draws it: series per layout, the model at the room and at
// the pages held (only from a curve that is this run's), the ranges in sentences, the command.

import { describe, expect, it } from 'vitest';
import { type OsKernelReport, osKernelRatios } from '../../../src/core/experiments/osKernelReport';
import {
  curveFits,
  heldAgreement,
  kernelCommand,
  kernelSentences,
  kernelSeries,
  lruAt,
  memoryText,
  ratioRanges,
  relative,
  runText,
  signedPercent,
  timesRange,
} from '../../../src/core/experiments/osKernelSeries';
import { unpackCurve } from '../../../src/core/experiments/shipped';
import { SHIPPED_CURVES } from '../../../src/core/experiments/shippedCurves.generated';
import { shippedOsKernel } from '../../../src/core/experiments/shippedOsKernel';

const shippedCurve = (layout: string): Float64Array => {
  const found = SHIPPED_CURVES.find((curve) => curve.layout === layout);
  if (found === undefined) throw new Error(`no shipped curve for ${layout}`);
  return unpackCurve(found).pageIns;
};

/** A copy of the shipped report, changed by `change`. */
function changed(change: (report: OsKernelReport) => void): OsKernelReport {
  const report = structuredClone(shippedOsKernel());
  change(report);
  return report;
}

describe('the kernel measurement drawn', () => {
  it('gives one series per layout, its rooms ascending, the model at the room from the report', () => {
    const report = shippedOsKernel();
    const series = kernelSeries(report);
    expect(series.map((s) => s.layout)).toEqual(['binary', 'bheap']);
    for (const s of series) {
      expect(s.points.map((p) => p.memoryPages)).toEqual([256, 512, 1024, 1500]);
      for (const p of s.points) {
        const row = report.rows.find(
          (r) => r.layout === s.layout && r.memoryPages === p.memoryPages,
        );
        expect(p.pagesRead).toBe(row?.kernel?.pagesRead);
        expect(p.lruAtRoom).toBe(row?.model.lru.pageIns);
        expect(p.heldPages).toBe(row?.kernel?.arrayPagesResident.mean);
        expect(p.lruAtHeld).toBeNull();
      }
    }
  });

  it('reads the model at the pages held from a curve that gives the report’s own numbers at its rooms', () => {
    const report = shippedOsKernel();
    const binary = shippedCurve('binary');
    const bheap = shippedCurve('bheap');
    expect(curveFits(report, 'binary', binary)).toBe(true);
    expect(curveFits(report, 'bheap', bheap)).toBe(true);
    const series = kernelSeries(report, { binary, bheap });
    const at1024 = series[1].points[2];
    // The B-heap's array held 1,001.7 pages on average with 1,024 of room: the model at 1,002.
    expect(at1024.heldPages).toBeCloseTo(1001.7);
    expect(at1024.lruAtHeld).toBe(bheap[1002 - 1]);
    // docs/kernel.md: the binary heap at 1,024 pages, 1,126,725 at 1,001 frames.
    expect(series[0].points[2].lruAtHeld).toBe(1_126_725);
  });

  it('refuses a curve of another run: the model at the held pages is then unknown, never guessed', () => {
    const report = shippedOsKernel();
    const bheap = shippedCurve('bheap');
    // The binary heap's curve is not the B-heap's, nor is a curve shorter than a room.
    expect(curveFits(report, 'bheap', shippedCurve('binary'))).toBe(false);
    expect(curveFits(report, 'bheap', bheap.slice(0, 1000))).toBe(false);
    const series = kernelSeries(report, { bheap: shippedCurve('binary') });
    expect(series[1].points.every((p) => p.lruAtHeld === null)).toBe(true);
    expect(heldAgreement(series[1])).toBeNull();
  });

  it('leaves out rows that did not finish, and layouts with none', () => {
    const report = changed((r) => {
      for (const row of r.rows) {
        if (row.layout === 'binary' || row.memoryPages === 256) {
          row.outcome = 'oom-killed';
          row.kernel = null;
        }
      }
    });
    const series = kernelSeries(report);
    expect(series.map((s) => s.layout)).toEqual(['bheap']);
    expect(series[0].points.map((p) => p.memoryPages)).toEqual([512, 1024, 1500]);
  });

  it('reads the curve at whole frames within it', () => {
    const curve = new Float64Array([50, 40, 30, 20]);
    expect(lruAt(curve, 2.4)).toBe(40);
    expect(lruAt(curve, 2.6)).toBe(30);
    expect(lruAt(curve, 0)).toBe(50);
    expect(lruAt(curve, 9)).toBe(20);
  });
});

describe('the kernel measurement in words', () => {
  it('gives the binary/B-heap ranges of the shipped run as docs/kernel.md does: 2.2–4.1× and 1.9–4.3×', () => {
    const report = shippedOsKernel();
    const { pagesRead, wallTime } = ratioRanges(report.ratios);
    expect(timesRange(pagesRead ?? [0, 0])).toBe('2.2–4.1×');
    expect(timesRange(wallTime ?? [0, 0])).toBe('1.9–4.3×');
    const [first] = kernelSentences(report, kernelSeries(report));
    expect(first).toBe(
      'At each of its 4 rooms the B-heap read 2.2–4.1× fewer pages than the binary heap and finished 1.9–4.3× sooner (binary heap ÷ B-heap).',
    );
  });

  it('says how far the kernel is from the model, at the room and at the pages held', () => {
    const report = shippedOsKernel();
    const curves = { binary: shippedCurve('binary'), bheap: shippedCurve('bheap') };
    const sentences = kernelSentences(report, kernelSeries(report, curves));
    expect(sentences[1]).toContain('binary heap: +4.2% to +26.8%');
    expect(sentences[2]).toContain('B-heap: +2.5% to +6.8%');
    expect(sentences[2]).toContain('within 1.1% of it at the pages the array held');
    // Without the curve nothing is said of the held pages.
    expect(kernelSentences(report, kernelSeries(report))[2]).not.toContain('held');
  });

  it('does not call more pages fewer: a run where the B-heap read more says so', () => {
    const report = changed((r) => {
      const bheap = r.rows.find((row) => row.layout === 'bheap' && row.memoryPages === 256);
      if (bheap?.kernel) bheap.kernel.pagesRead = 9_000_000;
    });
    // The ratios follow the rows, as parseOsKernelReport recomputes them.
    const reparsed = { ...report, ratios: osKernelRatios(report.rows) };
    const [first] = kernelSentences(reparsed, kernelSeries(reparsed));
    expect(first).toBe(
      'At each of its 4 rooms the binary heap read 0.6–3.2× the B-heap’s pages and took 1.9–4.3× its wall time: the B-heap is not ahead everywhere.',
    );
  });

  it('writes signed percentages with a real minus and ranges that print alike as one number', () => {
    expect(signedPercent(0.0421)).toBe('+4.2%');
    expect(signedPercent(-0.006)).toBe('−0.6%');
    expect(relative(105, 100)).toBeCloseTo(0.05);
    expect(relative(1, 0)).toBeNull();
    expect(timesRange([3.01, 2.99 + 0.02])).toBe('3.0×');
  });

  it('names the command that makes such a file, and the run in a few words', () => {
    const report = shippedOsKernel();
    expect(kernelCommand(report)).toBe(
      'npm run sim -- kernel --layout binary,bheap --items 1000000 --page-items 512 --memory-pages 256,512,1024,1500 --timeout 3600 --format json',
    );
    const expiry = changed((r) => {
      r.run.workload = 'expiry';
      r.run.seed = 7;
    });
    expect(kernelCommand(expiry)).toContain('--workload expiry --seed 7 --timeout 3600');
    expect(memoryText(report)).toBe(
      'Memory: rooms of 256, 512, 1,024 and 1,500 pages of 4,096 bytes (1.0–5.9 MiB) for an array of 1,954 pages (7.6 MiB); the group held 0.2–0.4 MiB besides the array (median of each run), under a limit of 1.2–6.4 MiB.',
    );
    expect(runText(report)).toBe(
      'the article’s workload, 1,000,000 items, 512 per page (the array 1,954 pages)',
    );
  });
});
