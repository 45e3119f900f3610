// A 2D context for the page grid's painting tests: it keeps the paths each fill and stroke
// paints, with the style they paint in, and the text drawn, instead of pixels.

/** One fill or stroke: the style, and the rectangles and moves of the path it paints. */
export interface Painted {
  kind: 'fill' | 'stroke';
  style: string;
  lineWidth: number;
  dash: number[];
  rects: [number, number, number, number][];
  moves: [number, number][];
}

export interface Written {
  text: string;
  x: number;
  y: number;
  font: string;
  style: string;
}

export class RecordingCanvas {
  fillStyle = '';
  strokeStyle = '';
  lineWidth = 1;
  globalAlpha = 1;
  textAlign = 'start';
  textBaseline = 'alphabetic';
  lineJoin = 'miter';
  lineCap = 'butt';
  readonly painted: Painted[] = [];
  readonly written: Written[] = [];
  /** How often the font was set: each set costs the real context a font lookup. */
  fontSets = 0;
  private currentFont = '10px sans-serif';
  private dash: number[] = [];
  private rects: [number, number, number, number][] = [];
  private moves: [number, number][] = [];

  /** As a real context, the font reads back in its own serialization (spaces collapsed). */
  get font(): string {
    return this.currentFont;
  }
  set font(value: string) {
    this.fontSets++;
    this.currentFont = value.replace(/\s+/g, ' ').trim();
  }
  /** What resizing a canvas does: its state, the font included, back to the defaults. */
  reset(): void {
    this.currentFont = '10px sans-serif';
  }
  beginPath(): void {
    this.rects = [];
    this.moves = [];
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.rects.push([x, y, w, h]);
  }
  moveTo(x: number, y: number): void {
    this.moves.push([x, y]);
  }
  lineTo(x: number, y: number): void {
    this.moves.push([x, y]);
  }
  arcTo(): void {}
  closePath(): void {}
  setLineDash(dash: number[]): void {
    this.dash = [...dash];
  }
  fill(): void {
    this.paint('fill', this.fillStyle);
  }
  stroke(): void {
    this.paint('stroke', this.strokeStyle);
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    this.painted.push({
      kind: 'stroke',
      style: this.strokeStyle,
      lineWidth: this.lineWidth,
      dash: [...this.dash],
      rects: [[x, y, w, h]],
      moves: [],
    });
  }
  fillText(text: string, x: number, y: number): void {
    this.written.push({ text, x, y, font: this.currentFont, style: this.fillStyle });
  }
  measureText(text: string): { width: number } {
    return { width: 6 * text.length };
  }
  save(): void {}
  restore(): void {}

  /** As the grid's modules take it. */
  asContext(): CanvasRenderingContext2D {
    return this as unknown as CanvasRenderingContext2D;
  }

  private paint(kind: 'fill' | 'stroke', style: string): void {
    this.painted.push({
      kind,
      style,
      lineWidth: this.lineWidth,
      dash: [...this.dash],
      rects: [...this.rects],
      moves: [...this.moves],
    });
  }
}
