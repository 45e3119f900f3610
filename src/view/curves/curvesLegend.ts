// The curves chart's legend, in the SVG so exports carry it, wrapped under the caption.
//
// Full labels when the three fit on one row, else short ones.

import { shown } from '../charts/chartKit';
import { type Measurer, measurerFor } from '../charts/fitText';
import type { Part } from '../charts/parts';

export interface LegendEntry {
  cls: string;
  label: string;
  /** Short labels take over when the full ones would not fit on one row. */
  short: string;
}

/** The two series keep their colours by side, whichever structures they show. */
export const SERIES_CLASSES = ['cc-left', 'cc-right', 'cc-ratio'] as const;

/**
 * The items: each side, their ratio, and with `floor` each side's OPT floor. `policy` names the
 * page replacement when it is not the article's LRU.
 */
export function legendOf(
  left: string,
  right: string,
  policy = 'LRU',
  floor = false,
): LegendEntry[] {
  const under = policy === 'LRU' ? '' : `, ${policy}`;
  const entries: LegendEntry[] = [
    { cls: SERIES_CLASSES[0], label: `${left}${under} (left scale)`, short: left },
    { cls: SERIES_CLASSES[1], label: `${right}${under} (left scale)`, short: right },
    {
      cls: SERIES_CLASSES[2],
      label: `ratio ${left} / ${right} (right scale)`,
      short: 'ratio (right)',
    },
  ];
  if (floor) {
    entries.push(
      { cls: `${SERIES_CLASSES[0]} cc-opt`, label: `${left}, OPT floor`, short: 'OPT floor' },
      { cls: `${SERIES_CLASSES[1]} cc-opt`, label: `${right}, OPT floor`, short: 'OPT floor' },
    );
  }
  return entries;
}

/** Made (hidden) before any data, so the legend's items exist from the start: up to five. */
export const NO_LEGEND = legendOf('left', 'right', 'LRU', true);

/** Baseline of the first row, and the step between rows. */
const LEGEND_FIRST = 62;
const LEGEND_ROW = 20;
/** An item's line sample plus the room before its text; the gap between items. */
const LEGEND_SWATCH = 34;
const LEGEND_GAP = 22;

interface LegendWidths {
  label: number[];
  short: number[];
}

interface LegendLayout {
  kind: 'label' | 'short';
  /** Each item's [x, y]. */
  positions: [number, number][];
  /** Where the plot may start, under the last row. */
  top: number;
}

/** Rows of items within `room` px: full labels if they fit on one row, else the short ones. */
export function layoutLegend(widths: LegendWidths, room: number): LegendLayout {
  const rowWidth = (ws: number[]): number =>
    ws.reduce((sum, w) => sum + LEGEND_SWATCH + w, 0) + LEGEND_GAP * (ws.length - 1);
  const kind = rowWidth(widths.label) <= room ? 'label' : 'short';
  const positions: [number, number][] = [];
  let lx = 0;
  let row = 0;
  for (const w of widths[kind]) {
    const itemW = LEGEND_SWATCH + w;
    if (lx > 0 && lx + itemW > room) {
      row++;
      lx = 0;
    }
    positions.push([8 + lx, LEGEND_FIRST + row * LEGEND_ROW - 4]);
    lx += itemW + LEGEND_GAP;
  }
  return { kind, positions, top: LEGEND_FIRST + row * LEGEND_ROW + 16 };
}

export class CurvesLegend {
  private readonly group: Part<SVGGElement>;
  /** Measured again only when the legend's font (a stylesheet arriving late) or texts change. */
  private widths: (LegendWidths & { font: string; texts: string }) | null = null;

  constructor(svg: Part<SVGSVGElement>) {
    this.group = svg.append('g').attr('class', 'cc-legend');
    for (const entry of NO_LEGEND) {
      const item = this.group.append('g').attr('class', 'cc-legend-item');
      item
        .append('line')
        .attr('class', `series-line cc-line ${entry.cls}`)
        .attr('x1', 0)
        .attr('x2', LEGEND_SWATCH - 6)
        .attr('y1', 0)
        .attr('y2', 0);
      item.append('text').attr('x', LEGEND_SWATCH).attr('dy', '0.35em').text(entry.label);
    }
  }

  /** Measures the entries (reads only: call before the draw writes) and lays them out. */
  layout(entries: LegendEntry[], room: number): LegendLayout {
    return layoutLegend(this.measure(entries), room);
  }

  place(entries: LegendEntry[], layout: LegendLayout, visible: boolean): void {
    shown(this.group, visible);
    const items = this.group.selectAll<SVGGElement, unknown>('.cc-legend-item');
    // The floor's two items only when it is drawn.
    items.attr('display', (_, i) => (i < entries.length ? null : 'none'));
    items
      .filter((_, i) => i < entries.length)
      .attr('transform', (_, i) => `translate(${layout.positions[i][0]},${layout.positions[i][1]})`)
      .select('text')
      .text((_, i) => entries[i][layout.kind]);
  }

  private measure(entries: LegendEntry[]): LegendWidths {
    const node = this.group.select<SVGTextElement>('text').node();
    if (node === null) return { label: [0, 0, 0], short: [0, 0, 0] };
    const { font, width }: Measurer = measurerFor(node);
    const texts = entries.map((entry) => `${entry.label}\n${entry.short}`).join('\n');
    if (this.widths?.font !== font || this.widths.texts !== texts) {
      this.widths = {
        font,
        texts,
        label: entries.map((entry) => width(entry.label)),
        short: entries.map((entry) => width(entry.short)),
      };
    }
    return this.widths;
  }
}
