// Tests which computed styles an exported SVG keeps, on plain objects.

import { describe, expect, it } from 'vitest';
import { inlineDeclarations, type RootFont } from '../../../src/view/charts/svgExport';

const ROOT: RootFont = { 'font-family': 'system-ui', 'font-size': '13px' };

/** A computed style as a plain object: unset properties read as ''. */
function computed(values: Record<string, string>): (property: string) => string {
  return (property) => values[property] ?? '';
}

describe('inlineDeclarations', () => {
  it("keeps a shape's paint, less initial values", () => {
    const style = computed({
      fill: 'none',
      stroke: 'rgb(179, 84, 30)',
      'stroke-width': '2.5px',
      'stroke-dasharray': 'none',
      'stroke-linejoin': 'round',
      opacity: '1',
      'font-size': '16px',
    });
    expect(inlineDeclarations('path', style, ROOT)).toEqual([
      'fill:none',
      'stroke:rgb(179, 84, 30)',
      'stroke-width:2.5px',
      'stroke-linejoin:round',
    ]);
  });

  it("keeps a text's font only where it differs from the root's", () => {
    const style = computed({
      fill: 'rgb(27, 31, 36)',
      'font-family': 'system-ui',
      'font-size': '16px',
      'font-weight': '650',
      'text-anchor': 'start',
    });
    expect(inlineDeclarations('text', style, ROOT)).toEqual([
      'fill:rgb(27, 31, 36)',
      'font-size:16px',
      'font-weight:650',
    ]);
  });

  it('keeps only the opacity of a group (a faded layer), nothing when it is 1', () => {
    expect(inlineDeclarations('g', computed({ opacity: '0.3', fill: 'red' }), ROOT)).toEqual([
      'opacity:0.3',
    ]);
    expect(inlineDeclarations('g', computed({ opacity: '1' }), ROOT)).toEqual([]);
  });
});
