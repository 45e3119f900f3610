// Node labels of the tree view: short keys, slot numbers, and fonts that fit the node.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heapPlacement } from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { geometryOf } from '../../../src/view/tree/geometry';
import {
  keyLabel,
  LABEL_MIN_DIAMETER,
  labelFit,
  labelRadius,
  labelsShown,
  nodeLabel,
} from '../../../src/view/tree/labels';

/**
 * DejaVu Sans, the page's first font, measured here apart from the code under test: a digit is
 * 1303/2048 em wide and 1493/2048 em tall. A digit label's glyph box must lie inside its circle
 * (radius r, outline 1.2 px wide) with this much room left.
 */
const DIGIT_EM = 1303 / 2048;
const DIGIT_HEIGHT_EM = 1493 / 2048;
const ROOM = 1.5;

/** Whether `digits` digits at `size` px lie inside a circle of radius r with ROOM to spare. */
function insideCircle(digits: number, size: number, r: number): boolean {
  return Math.hypot((digits * DIGIT_EM * size) / 2, (DIGIT_HEIGHT_EM * size) / 2) <= r - ROOM;
}

const PRESENTING = { min: 18, max: 24 };

describe('keyLabel', () => {
  it('writes short keys whole and long ones in SI form', () => {
    expect(keyLabel(0)).toBe('0');
    expect(keyLabel(9999)).toBe('9999');
    expect(keyLabel(12_345)).toBe('12.3k');
    expect(keyLabel(1_804_289_383)).toBe('1.8G');
    expect(keyLabel(1.5)).toBe('1.5');
    expect(keyLabel(0.123456)).toBe('123m');
  });
});

describe('nodeLabel', () => {
  it('shows the key or the member number, or nothing on nodes too small', () => {
    const r = LABEL_MIN_DIAMETER / 2;
    expect(labelsShown(r)).toBe(true);
    expect(labelsShown(r - 0.01)).toBe(false);
    expect(nodeLabel('keys', 7, 383, r)).toBe('383');
    expect(nodeLabel('slots', 7, 383, r)).toBe('7');
    expect(nodeLabel('keys', 7, 383, r - 0.01)).toBe('');
  });
});

describe('labelFit', () => {
  it('draws in whole pixels, never under the least size nor over the fit (each size is a font to look up)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,6}$/),
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.constantFrom({ min: 11, max: 14 }, PRESENTING, { min: 11.5, max: 17.25 }),
        (label, r, range) => {
          const fit = labelFit(label, r, range);
          if (fit.text === '') return;
          expect(fit.size).toBeGreaterThanOrEqual(range.min);
          expect(fit.size).toBeLessThanOrEqual(Math.min(r, range.max));
          expect(Number.isInteger(fit.size) || fit.size === range.min).toBe(true);
        },
      ),
    );
  });

  it('caps the font at 14 px and shrinks long labels to the node', () => {
    expect(labelFit('7', 20).size).toBe(14);
    expect(labelFit('7', 10).size).toBe(10);
    const long = labelFit('12.3k', 10);
    expect(long.size).toBeLessThan(10);
    expect(long.size * 0.58 * 5).toBeLessThanOrEqual(2 * 10 * 0.94 + 1e-9);
  });

  it('drops a label whose font would be under 11 px, the least a reader is shown', () => {
    const dropped = labelFit('1.8G', 12);
    expect(dropped.text).toBe('');
    expect(dropped.size).toBeLessThan(11);
    expect(labelFit('12', 10.9).text).toBe('');
    expect(labelFit('12', 11).text).toBe('12');
  });
});

describe('labels inside their circles', () => {
  it('draws a label of digits only where its glyphs sit inside the circle with room to spare', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 4, max: 40, noNaN: true }),
        fc.constantFrom({ min: 11, max: 14 }, PRESENTING),
        (digits, r, range) => {
          const fit = labelFit('8'.repeat(digits), r, range);
          if (fit.text !== '') expect(insideCircle(digits, fit.size, r)).toBe(true);
        },
      ),
      // The phone lab's nodes: r 13.1, keys such as 324 drawn at 13.1 px touched the outline.
      {
        examples: [
          [3, 13.1, { min: 11, max: 14 }],
          [3, 20, PRESENTING],
        ],
      },
    );
  });

  it('lays a 255-slot heap out at a radius whose widest key, three digits, fits at 11 px (18 presenting)', () => {
    const placement = heapPlacement(heapShapeOf(structureSpec('binary', 8)), 255);
    for (const range of [{ min: 11, max: 14 }, PRESENTING]) {
      for (const widest of ['999', '1.8G', '9999']) {
        const g = geometryOf(placement, 20_000, 2_000, null, labelRadius(widest, range));
        const fit = labelFit(widest, g.r, range);
        expect(fit.text, `${widest} at r ${g.r}`).toBe(widest);
        expect(fit.size).toBeGreaterThanOrEqual(range.min);
        if (/^\d+$/.test(widest)) expect(insideCircle(widest.length, fit.size, g.r)).toBe(true);
      }
    }
  });
});
