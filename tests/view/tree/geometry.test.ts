// The tree view's geometry: placements scaled into the viewport, and versions that say when nothing moved.

import { describe, expect, it } from 'vitest';
import {
  heapPlacement,
  listPlacement,
  type Placement,
  treePlacement,
} from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import {
  geometryOf,
  LEGEND_HEIGHT,
  MAX_RADIUS,
  MAX_UNIT,
  nextGeometryVersion,
  TOP,
  usableHeight,
  usableWidth,
} from '../../../src/view/tree/geometry';
import { labelFit, labelRadius, NORMAL_LABELS } from '../../../src/view/tree/labels';

const binary = heapShapeOf(structureSpec('binary', 8));

function placed(placement: Placement): number[] {
  return placement.members;
}

describe('geometryOf', () => {
  it('packs two levels of three-digit keys, labelled at 11 px, into the phone lab’s 107 px tree', () => {
    // The phone's tree box is 107 px tall with no legend (drawn in 107 + LEGEND_HEIGHT); the
    // 1/0.3-radii rule gave 13.05 px nodes, under the 13.4 a key such as 324 needs.
    const placement = heapPlacement(binary, 3);
    const minRadius = labelRadius('888', NORMAL_LABELS);
    const height = 107 + LEGEND_HEIGHT;
    const g = geometryOf(placement, 267, height, null, minRadius);
    expect(labelFit('888', g.r).text).toBe('888');
    for (const slot of placed(placement)) {
      expect(g.y[slot] - g.r - g.pad).toBeGreaterThanOrEqual(TOP);
      expect(g.y[slot] + g.r + g.pad).toBeLessThanOrEqual(107);
    }
    // Room for the lower page box's label between the two levels' boxes.
    expect(g.y[2] - g.y[1] - 2 * (g.r + g.pad)).toBeGreaterThanOrEqual(13);
  });

  it('keeps every placed node, with its radius, inside the viewport above the legend', () => {
    for (const maxSlot of [1, 7, 48, 255]) {
      for (const [width, height] of [
        [300, 200],
        [640, 480],
        [1900, 900],
      ]) {
        const placement = heapPlacement(binary, maxSlot);
        const g = geometryOf(placement, width, height, null);
        expect(g.r).toBeLessThanOrEqual(MAX_RADIUS);
        expect(g.r).toBeGreaterThanOrEqual(1.5);
        for (const slot of placed(placement)) {
          expect(g.x[slot] - g.r).toBeGreaterThanOrEqual(0);
          expect(g.x[slot] + g.r).toBeLessThanOrEqual(width);
          expect(g.y[slot] - g.r).toBeGreaterThanOrEqual(TOP);
          expect(g.y[slot] + g.r).toBeLessThanOrEqual(height - LEGEND_HEIGHT);
        }
      }
    }
  });

  it('leaves slots that are not placed at NaN (slot 0 of a heap rooted at 1)', () => {
    const g = geometryOf(heapPlacement(binary, 7), 400, 300, null);
    expect(g.x[0]).toBeNaN();
    expect(g.y[0]).toBeNaN();
    expect(Number.isFinite(g.x[1])).toBe(true);
  });

  it('puts a level below its parent and centres a small tree within MAX_UNIT columns', () => {
    const placement = heapPlacement(binary, 3);
    const g = geometryOf(placement, 1000, 400, null);
    expect(g.y[2]).toBeGreaterThan(g.y[1]);
    expect(g.y[2]).toBe(g.y[3]);
    expect(g.x[3] - g.x[2]).toBe(MAX_UNIT);
    expect((g.x[2] + g.x[3]) / 2).toBeCloseTo(500);
  });

  it('lends the previous version when nothing moved, and takes a new one otherwise', () => {
    const placement = heapPlacement(binary, 15);
    const first = geometryOf(placement, 500, 300, null);
    expect(geometryOf(placement, 500, 300, first).version).toBe(first.version);
    expect(geometryOf(placement, 501, 300, first).version).not.toBe(first.version);
    expect(geometryOf(heapPlacement(binary, 14), 500, 300, first).version).not.toBe(first.version);
    expect(geometryOf(placement, 500, 300, null).version).not.toBe(first.version);
  });

  it('hands out versions that never repeat', () => {
    const a = nextGeometryVersion();
    const b = nextGeometryVersion();
    expect(b).toBeGreaterThan(a);
  });

  it('lays a list out in rows and a tree by depth', () => {
    const nodes = {
      left: Int32Array.from([1, 2, 3, 0]),
      right: new Int32Array(4),
      live: Uint8Array.from([0, 1, 1, 1]),
    };
    const list = geometryOf(listPlacement(nodes, 1, 2), 400, 300, null);
    expect(list.y[1]).toBe(list.y[2]);
    expect(list.y[3]).toBeGreaterThan(list.y[1]);
    // A left spine: each node one level below the last.
    const tree = geometryOf(treePlacement(nodes, 1), 400, 300, null);
    expect(tree.y[2]).toBeGreaterThan(tree.y[1]);
    expect(tree.x[2]).toBeLessThan(tree.x[1]);
  });

  it('measures the usable area without the margins, the page label row and the legend', () => {
    expect(usableWidth(100)).toBe(92);
    expect(usableHeight(100)).toBe(100 - TOP - LEGEND_HEIGHT - 4);
  });
});
