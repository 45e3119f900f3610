import { describe, expect, it } from 'vitest';
import { firstFonts } from '../../../src/app/browser/firstFonts';
import lists from '../../../src/app/browser/firstFonts.generated.json';

const KNOWN = {
  canvasPixelRatio: 1,
  forms: { laptop: { text: ['400 15px A', '650 18px A'], canvas: ['bold 10px B'] } },
};

describe('firstFonts', () => {
  it("gives a form's text fonts, and its canvas fonts at the pixel ratio they were taken at", () => {
    expect(firstFonts('laptop', 1, KNOWN)).toEqual(['400 15px A', '650 18px A', 'bold 10px B']);
    expect(firstFonts('laptop', 2, KNOWN)).toEqual(['400 15px A', '650 18px A']);
  });

  it('gives nothing for a form without a list', () => {
    expect(firstFonts('phone', 1, KNOWN)).toEqual([]);
  });

  it('ships lists for the laptop and the wide desktop, and none for phones', () => {
    expect(firstFonts('laptop', lists.canvasPixelRatio).length).toBeGreaterThan(10);
    expect(firstFonts('wide', lists.canvasPixelRatio).length).toBeGreaterThan(10);
    expect(firstFonts('phone', lists.canvasPixelRatio)).toEqual([]);
    expect(firstFonts('phone-landscape', lists.canvasPixelRatio)).toEqual([]);
  });
});
