// The region a tree is drawn in when controls (a phone's zoom buttons) take a corner of its box:
// no node and no page label of a tree laid out there ever lies under them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heapPlacement } from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import {
  bestRegion,
  intersects,
  type Rect,
  regionDrawHeight,
  regionsAround,
} from '../../../src/view/tree/clearRegion';
import { geometryOf } from '../../../src/view/tree/geometry';
import { labelEm } from '../../../src/view/tree/labels';
import { pageBoxesOf, pageBoxLabel, pageLabelX } from '../../../src/view/tree/pageBoxes';

const shapes = {
  binary: heapShapeOf(structureSpec('binary', 8)),
  bheap: heapShapeOf(structureSpec('bheap', 8)),
};

/** Controls of w x h px at one corner of a width x height box, `inset` px from its edges. */
function controlsAt(
  corner: 'top-right' | 'bottom-right' | 'bottom-left' | 'top-left',
  width: number,
  height: number,
  w: number,
  h: number,
  inset: number,
): Rect {
  const x0 = corner.endsWith('right') ? width - inset - w : inset;
  const y0 = corner.startsWith('bottom') ? height - inset - h : inset;
  return { x0, y0, x1: x0 + w, y1: y0 + h };
}

describe('regionsAround', () => {
  it('is the whole box when nothing is over it', () => {
    expect(regionsAround(363, 107, null)).toEqual([{ x: 0, y: 0, width: 363, height: 107 }]);
  });

  it('lays every node and page label of a heap out clear of the controls, inside the box', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('binary', 'bheap'),
        fc.integer({ min: 1, max: 255 }),
        fc.integer({ min: 200, max: 1400 }),
        fc.integer({ min: 90, max: 700 }),
        fc.constantFrom('top-right', 'bottom-right', 'bottom-left', 'top-left'),
        fc.integer({ min: 24, max: 100 }),
        fc.integer({ min: 24, max: 50 }),
        fc.boolean(),
        fc.constantFrom(11, 18),
        (kind: 'binary' | 'bheap', maxSlot, width, height, corner, w, h, legendOn, least) => {
          const controls = controlsAt(corner, width, height, w, h, 0);
          const placement = heapPlacement(shapes[kind], maxSlot);
          const pageOf = new Int32Array(maxSlot + 1).map((_, slot) => slot >> 3);
          for (const region of regionsAround(width, height, controls, legendOn)) {
            const g = geometryOf(
              placement,
              region.width,
              regionDrawHeight(region, height, legendOn),
              null,
            );
            for (const member of placement.members) {
              const node = {
                x0: region.x + g.x[member] - g.r,
                y0: region.y + g.y[member] - g.r,
                x1: region.x + g.x[member] + g.r,
                y1: region.y + g.y[member] + g.r,
              };
              expect(
                intersects(node, controls),
                `slot ${member} in ${JSON.stringify(region)}`,
              ).toBe(false);
              expect(node.x0).toBeGreaterThanOrEqual(0);
              expect(node.y0).toBeGreaterThanOrEqual(0);
              expect(node.x1).toBeLessThanOrEqual(width);
              expect(node.y1).toBeLessThanOrEqual(height);
            }
            for (const box of pageBoxesOf(placement.members, pageOf, g)) {
              const text = pageBoxLabel(box);
              if (text === '') continue;
              const x = region.x + pageLabelX(box, least, region.width);
              // Its baseline 3 px over the box: digits stand 0.73 em above it, 'p' hangs 0.24 below.
              const label = {
                x0: x,
                y0: region.y + box.y0 - 3 - 0.76 * least,
                x1: x + labelEm(text) * least,
                y1: region.y + box.y0 - 3 + 0.24 * least,
              };
              expect(intersects(label, controls), `p${box.page}`).toBe(false);
            }
          }
        },
      ),
      // A strip under controls 47 px tall left 40 px over a legend: its levels ran upwards.
      { numRuns: 80, examples: [['binary', 9, 200, 91, 'top-left', 24, 47, true, 11]] },
    );
  });

  it('gives the phone lab’s tree (363 x 107, buttons 92 x 44 bottom right) a column, not a strip', () => {
    const controls = controlsAt('bottom-right', 363, 107, 92, 44, 0);
    const regions = regionsAround(363, 107, controls);
    expect(regions).toHaveLength(2);
    const best = bestRegion(regions, 13.4, 107, false);
    expect(best).toEqual({ x: 0, y: 0, width: 363 - 92 - 4, height: 107 });
  });
});
