// The model's whole curve for a kernel measurement comes from the shipped sweeps only when the
// measurement is of the same run.

import { describe, expect, it } from 'vitest';
import { loadLruCurves, shippedRunsFor } from '../../../src/app/machine/kernelCurves';
import { shippedOsKernel } from '../../../src/core/experiments/shippedOsKernel';

describe('the model’s curve for a kernel measurement', () => {
  it('is the shipped sweep for the article’s run, per layout', async () => {
    const report = shippedOsKernel();
    expect([...shippedRunsFor(report).keys()].sort()).toEqual(['bheap', 'binary']);
    const curves = await loadLruCurves(report);
    expect(curves.binary?.[256 - 1]).toBe(4_832_592);
    expect(curves.bheap?.[1024 - 1]).toBe(468_229);
  });

  it('is none for another run (other items, page or seed)', async () => {
    for (const change of [{ items: 200_000 }, { pageItems: 256 }, { seed: 2 }]) {
      const report = structuredClone(shippedOsKernel());
      Object.assign(report.run, change);
      expect(shippedRunsFor(report).size, JSON.stringify(change)).toBe(0);
      expect(await loadLruCurves(report)).toEqual({});
    }
  });
});
