// Tests that every structure has its own marker.

import { describe, expect, it } from 'vitest';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';
import { markPath, markTransform } from '../../../src/view/scaling/marks';

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
