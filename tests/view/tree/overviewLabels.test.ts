// A zoomed-out tree still says what it shows: its page boxes' names and the keys that fit beside
// their nodes, at the least text size, none over another.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';
import { intersects, type Rect } from '../../../src/view/tree/clearRegion';
import { keyLabel, labelEm, labelFit, labelRadius } from '../../../src/view/tree/labels';
import {
  overviewLabels,
  pageLabelRect,
  pageLabelsShown,
} from '../../../src/view/tree/overviewLabels';
import { pageBoxesOf } from '../../../src/view/tree/pageBoxes';
import { TreeDetail } from '../../../src/view/tree/treeDetail';

/** A side's view of a scenario, before operation `op`. */
function viewAt(over: Partial<Scenario>, op: number, side: 0 | 1) {
  const timeline = new Timeline({ ...DEFAULT_SCENARIO, ...over } as Scenario);
  timeline.seek(timeline.stepStart[op]);
  return timeline.sides[side].view;
}

describe('overviewLabels', () => {
  it('labels a heap at the zoom-out limit with page names and keys, none under the least size or over another', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(48, 100, 255),
        fc.constantFrom<0 | 1>(0, 1),
        fc.constantFrom([363, 131], [267, 131], [489, 316], [594, 281]),
        fc.constantFrom(11, 18),
        fc.nat(),
        (items, side, [width, height], least, pick) => {
          const view = viewAt({ items }, items, side);
          const keys = view.keys;
          if (keys === null) throw new Error('a small heap is mirrored');
          const range = { min: least, max: least + 6 };
          const minRadius = labelRadius('888', range);
          // The reader's zoom at its limit (TreeView.setScale clamps it to 0.5).
          const detail = new TreeDetail().heap(view, keys, null, {
            width,
            height,
            minRadius,
            scale: 0.5,
          });
          if (detail === null) throw new Error('a heap has a detail');
          const { g, members, pageOf } = detail.scene;
          // Too small for labels inside the nodes: what the old tree showed was nothing.
          if (labelFit('888', g.r, range).text !== '') return;
          const boxes = pageBoxesOf(members, pageOf, g);
          const pages = pageLabelsShown(boxes, least, width);
          expect(pages.size).toBeGreaterThanOrEqual(Math.min(2, boxes.length));
          const pageRects = boxes
            .filter((box) => pages.has(box.page))
            .map((box) => pageLabelRect(box, least, width));
          const focus = members[pick % members.length];
          const labels = overviewLabels({
            members,
            x: g.x,
            y: g.y,
            r: g.r,
            parentOf: detail.placement.parentOf,
            textOf: (member) => keyLabel(keys[member]),
            focus: [focus],
            size: least,
            width,
            height,
            obstacles: pageRects,
          });
          expect(labels.size).toBeGreaterThan(0);
          const rects: Rect[] = [...pageRects];
          for (const [member, label] of labels) {
            expect(label.size).toBeGreaterThanOrEqual(least);
            expect(label.text).toBe(keyLabel(keys[member]));
            const w = labelEm(label.text) * label.size;
            const x0 = g.x[member] + label.dx - (label.anchor === 'end' ? w : 0);
            const rect = {
              x0,
              y0: g.y[member] - 0.4 * label.size,
              x1: x0 + w,
              y1: g.y[member] + 0.4 * label.size,
            };
            expect(rect.x0).toBeGreaterThanOrEqual(0);
            expect(rect.x1).toBeLessThanOrEqual(width);
            // Clear of its own node, and of every label placed before it.
            expect(
              Math.min(Math.abs(rect.x0 - g.x[member]), Math.abs(rect.x1 - g.x[member])),
            ).toBeGreaterThanOrEqual(g.r);
            for (const other of rects) expect(intersects(rect, other)).toBe(false);
            rects.push(rect);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
