// Node labels of the tree view: short keys, slot numbers, and fonts that fit the node.

import { describe, expect, it } from 'vitest';
import {
  keyLabel,
  LABEL_MIN_DIAMETER,
  labelFit,
  labelsShown,
  nodeLabel,
} from '../../../src/view/tree/labels';

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
  it('caps the font at 14 px and shrinks long labels to the node', () => {
    expect(labelFit('7', 20).size).toBe(14);
    expect(labelFit('7', 10).size).toBe(10);
    const long = labelFit('12.3k', 10);
    expect(long.size).toBeLessThan(10);
    expect(long.size * 0.58 * 5).toBeLessThanOrEqual(2 * 10 * 0.94 + 1e-9);
  });

  it('drops a label whose font would be under 11 px, the least a reader is shown', () => {
    expect(labelFit('1.8G', 12)).toEqual({ text: '', size: (2 * 12 * 0.94) / (4 * 0.58) });
    expect(labelFit('12', 10.9).text).toBe('');
    expect(labelFit('12', 11).text).toBe('12');
  });
});
