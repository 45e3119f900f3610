// The curves chart's axis titles: each axis's wordings, longest first, so the longest that fits
// is shown.

import { describe, expect, it } from 'vitest';
import { xAxisLabels } from '../../../src/view/curves/curvesAxes';

describe('xAxisLabels', () => {
  it('is named in resident pages of the run’s, and the article’s axis as it was', () => {
    expect(xAxisLabels('resident', 1954)[1]).toBe('Resident pages (of 1,954)');
    expect(xAxisLabels('resident', 1954).at(-1)).toBe('Resident pages');
    expect(xAxisLabels('kb', 1954)[0]).toBe('VM pressure: address space not resident (KB)');
    expect(xAxisLabels('pages', 1954)[1]).toBe('VM pressure (pages not resident)');
  });

  it('shortens each wording strictly, and keeps the unit in every one', () => {
    for (const unit of ['resident', 'pages', 'kb'] as const) {
      const labels = xAxisLabels(unit, 524_288);
      for (let i = 1; i < labels.length; i++) {
        expect(labels[i].length, `${unit} ${i}`).toBeLessThan(labels[i - 1].length);
      }
      const word = unit === 'resident' ? 'Resident pages' : unit === 'kb' ? 'KB' : 'pages';
      for (const label of labels) expect(label).toContain(word);
    }
    expect(xAxisLabels('resident', 524_288)[0]).toContain('524,288');
  });
});
