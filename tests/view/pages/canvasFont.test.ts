// The page grid's font is set on the canvas only when it differs from the one the canvas has:
// the setter costs a font lookup, the getter nothing.

import { describe, expect, it } from 'vitest';
import { CANVAS_FONT, setCanvasFont } from '../../../src/view/pages/canvasFont';
import { RecordingCanvas } from './recordingCanvas';

describe('setCanvasFont', () => {
  it('sets a font once, however often asked, and again after each change', () => {
    const canvas = new RecordingCanvas();
    const bold = `700  12px ${CANVAS_FONT}`;
    const plain = `9px ${CANVAS_FONT}`;
    for (let i = 0; i < 5; i++) setCanvasFont(canvas.asContext(), bold);
    expect(canvas.fontSets).toBe(1);
    setCanvasFont(canvas.asContext(), plain);
    setCanvasFont(canvas.asContext(), bold);
    expect(canvas.fontSets).toBe(3);
    expect(canvas.font).toBe(`700 12px ${CANVAS_FONT}`);
  });

  it('sets it again when the canvas has lost it (a resize resets a canvas’s state)', () => {
    const canvas = new RecordingCanvas();
    const font = `11px ${CANVAS_FONT}`;
    setCanvasFont(canvas.asContext(), font);
    canvas.reset();
    setCanvasFont(canvas.asContext(), font);
    expect(canvas.fontSets).toBe(2);
    expect(canvas.font).toBe(font);
  });

  it('names fonts, not a generic alias alone', () => {
    expect(CANVAS_FONT.split(',').length).toBeGreaterThan(1);
    expect(CANVAS_FONT).not.toMatch(/system-ui/);
  });
});
