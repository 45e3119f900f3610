// The marker shape of each measured layout on the machine chart and in its legend: with the
// colour, it names the layout, so no line depends on colour alone.

import {
  type SymbolType,
  symbol,
  symbolCircle,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
} from 'd3-shape';
import type { MachineLayout } from '../../core/measure/machineLayouts';

const MARK_AREA = 70;

const MARKS: Record<MachineLayout, { type: SymbolType; rotate: number }> = {
  binary: { type: symbolCircle, rotate: 0 },
  bheap64: { type: symbolTriangle, rotate: 0 },
  bheap4k: { type: symbolSquare, rotate: 0 },
  bheap2m: { type: symbolStar, rotate: 0 },
  dary4: { type: symbolDiamond, rotate: 0 },
  dary8: { type: symbolTriangle, rotate: 180 },
};

/** The marker's outline, centred on 0,0. */
export function markPath(layout: MachineLayout, area = MARK_AREA): string {
  return symbol(MARKS[layout].type, area)() ?? '';
}

/** Moves a marker to x,y, turned if its layout's shape is a turned one. */
export function markTransform(layout: MachineLayout, x: number, y: number): string {
  const r = MARKS[layout].rotate;
  return r === 0 ? `translate(${x},${y})` : `translate(${x},${y}) rotate(${r})`;
}
