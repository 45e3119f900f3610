// The current step's mark on the page grid: which page the pager event concerns, and its shape.

import type { SimEvent } from '../../core/events';
import { type Palette, textOn, toRgb } from '../theme/palette';
import { CANVAS_FONT, setCanvasFont } from './canvasFont';
import type { Paint } from './paint';

/** What the current step did to a page; each kind has its own colour and its own shape. */
export type PageMark = 'hit' | 'zero-fill' | 'page-in' | 'evict' | 'write-back';

/** A page the current step concerns, and what happened to it. */
export interface MarkedPage {
  page: number;
  mark: PageMark;
}

/**
 * The pages the current step's reference concerns: the page it evicted (if any, written back or
 * not), then the page it referenced, so the reference is drawn on top.
 */
export function pageMarksOf(current: SimEvent | null): MarkedPage[] {
  if (current === null || current.kind !== 'touch') return [];
  const marks: MarkedPage[] = [];
  if (current.evicted >= 0) {
    marks.push({ page: current.evicted, mark: current.writeBack ? 'write-back' : 'evict' });
  }
  marks.push({ page: current.page, mark: current.outcome });
  return marks;
}

export function markColour(palette: Palette, mark: PageMark): string {
  switch (mark) {
    case 'hit':
      return palette.hit;
    case 'zero-fill':
      return palette.zeroFill;
    case 'page-in':
      return palette.pageIn;
    case 'evict':
      return palette.evict;
    case 'write-back':
      return palette.writeBack;
  }
}

/** The badge beside a mark, so the kinds that cost a transfer read without colour. */
export const BADGE: Record<PageMark, string> = {
  hit: '',
  'zero-fill': 'Z',
  'page-in': '↓IN',
  evict: '',
  'write-back': '↑WB',
};

function roundedBox(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Draws a transient mark on the cell at (x, y): rings for touches (solid = hit, dotted + Z =
 * zero-fill, double + ↓IN = page-in), an X for evictions (+ ↑WB when written back). Marks are at
 * least 14 CSS px so they stay visible on 4 px cells. Device px throughout; the badge stays
 * within `bounds`.
 */
export function drawMark(
  ctx: CanvasRenderingContext2D,
  paint: Paint,
  mark: PageMark,
  x: number,
  y: number,
  cell: number,
  dpr: number,
  bounds: { width: number; height: number },
): void {
  const colour = markColour(paint.palette, mark);
  const halo = paint.palette.background;
  const cx = x + cell / 2;
  const cy = y + cell / 2;
  const lw = Math.max(2, Math.round(2.5 * dpr));
  const half = Math.max(cell, Math.round(14 * dpr)) / 2 + Math.round(1.5 * dpr) + lw / 2;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const ring = (h: number, dash: number[]): void => {
    ctx.setLineDash([]);
    ctx.strokeStyle = halo;
    ctx.lineWidth = lw + 2 * Math.max(1, Math.round(dpr));
    ctx.strokeRect(cx - h, cy - h, 2 * h, 2 * h);
    ctx.setLineDash(dash);
    ctx.strokeStyle = colour;
    ctx.lineWidth = lw;
    ctx.strokeRect(cx - h, cy - h, 2 * h, 2 * h);
  };
  if (mark === 'hit') ring(half, []);
  else if (mark === 'zero-fill') ring(half, [lw, lw * 1.2]);
  else if (mark === 'page-in') {
    ring(half + lw * 1.6, []);
    ring(half, []);
  } else {
    const h = half - lw / 2;
    ctx.beginPath();
    ctx.moveTo(cx - h, cy - h);
    ctx.lineTo(cx + h, cy + h);
    ctx.moveTo(cx + h, cy - h);
    ctx.lineTo(cx - h, cy + h);
    ctx.strokeStyle = halo;
    ctx.lineWidth = lw * 1.6 + 2 * Math.max(1, Math.round(dpr));
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = lw * 1.6;
    ctx.stroke();
  }
  const text = BADGE[mark];
  if (text !== '') {
    ctx.setLineDash([]);
    setCanvasFont(ctx, `700 ${Math.round(10 * dpr)}px ${CANVAS_FONT}`);
    const w = Math.ceil(ctx.measureText(text).width) + Math.round(6 * dpr);
    const h = Math.round(14 * dpr);
    const outer = mark === 'page-in' ? half + lw * 1.6 : half;
    const bx = Math.max(0, Math.min(bounds.width - w, cx + outer - w * 0.4));
    const by = Math.max(0, Math.min(bounds.height - h, cy - outer - h * 0.6));
    roundedBox(ctx, bx, by, w, h, Math.round(3 * dpr));
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = halo;
    ctx.lineWidth = Math.max(1, Math.round(dpr));
    ctx.stroke();
    ctx.fillStyle = textOn(toRgb(colour));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, bx + w / 2, by + h / 2 + Math.round(0.5 * dpr));
  }
  ctx.restore();
}
