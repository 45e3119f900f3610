// Tests that every structure, and every measured layout, has its own marker.

import { describe, expect, it } from 'vitest';
import { MACHINE_LAYOUTS } from '../../../src/core/measure/machineLayouts';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';
import { markPath, markTransform } from '../../../src/view/charts/markers';

describe('the structure markers', () => {
  it('give every structure its own shape (a turn counts as a shape)', () => {
    const shapes = STRUCTURE_KINDS.map((kind) => `${markPath(kind)} ${markTransform(kind, 0, 0)}`);
    expect(new Set(shapes).size).toBe(STRUCTURE_KINDS.length);
  });

  it('turn only the shapes that need it', () => {
    expect(markTransform('binary', 3, 4)).toBe('translate(3,4)');
    expect(markTransform('dary8', 3, 4)).toBe('translate(3,4) rotate(180)');
  });
});

describe('the layout markers', () => {
  it('give every measured layout its own shape', () => {
    const shapes = MACHINE_LAYOUTS.map(
      (layout) => `${markPath(layout)} ${markTransform(layout, 0, 0)}`,
    );
    expect(new Set(shapes).size).toBe(MACHINE_LAYOUTS.length);
  });
});
