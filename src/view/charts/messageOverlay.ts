// A message over a chart ("Computing…", a refusal), boxed at the plot's middle or at its top.
//
// The curves box wrapped lines at the middle, since the message stands for what is not drawn
// yet; scaling writes one haloed line near the top, since points keep arriving under it.

import type { PlotSize } from './chartKit';
import type { Part, PlotBox } from './parts';

type MessagePlacement = 'boxed' | 'top';

/** Average width of a 15 px character, to wrap before any text exists to measure. */
const CHAR_PX = 8.2;
const LINE_HEIGHT = 20;
/** A top message's baseline under the plot's top edge (px), clear of the frame. */
const TOP_OFFSET = 22;

/** Greedy word wrap; SVG text has none of its own. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/)) {
      if (word === '') continue;
      if (current !== '' && current.length + 1 + word.length > maxChars) {
        lines.push(current);
        current = word;
      } else current = current === '' ? word : `${current} ${word}`;
    }
    lines.push(current);
  }
  return lines.length > 0 ? lines : [''];
}

export class MessageOverlay {
  private readonly group: Part<SVGGElement>;
  private readonly box: Part<SVGRectElement> | null;
  private readonly text: Part<SVGTextElement>;

  /**
   * Classes: `${prefix}-message`, `-message-box` and `-message-text`; the text's look at the top
   * is shared (`chart-message-top`), the boxed one is the chart's own.
   */
  constructor(svg: Part<SVGSVGElement>, prefix: string, placement: MessagePlacement) {
    this.group = svg.append('g').attr('class', `${prefix}-message`).style('display', 'none');
    this.box =
      placement === 'boxed'
        ? this.group.append('rect').attr('class', `${prefix}-message-box`)
        : null;
    this.text = this.group
      .append('text')
      .attr('class', `${prefix}-message-text chart-message-${placement}`);
  }

  /** Shows text over the plot box g (or the whole chart before any data); null hides it. */
  draw(text: string | null, size: PlotSize, g: PlotBox | null): void {
    if (text === null) {
      this.group.style('display', 'none');
      return;
    }
    this.group.style('display', null);
    const cx = g === null ? size.width / 2 : g.left + g.plotW / 2;
    if (this.box === null) {
      const cy = g === null ? size.height / 2 : g.top + TOP_OFFSET;
      this.text.attr('x', cx).attr('y', cy).text(text);
      return;
    }
    const cy = g === null ? size.height / 2 : g.top + g.plotH / 2;
    const boxW = Math.max(80, (g?.plotW ?? size.width) - 32);
    const lines = wrap(text, Math.max(12, Math.floor(boxW / CHAR_PX)));
    this.text
      .selectAll<SVGTSpanElement, string>('tspan')
      .data(lines)
      .join('tspan')
      .attr('x', cx)
      .attr('y', (_, i) => cy + (i - (lines.length - 1) / 2) * LINE_HEIGHT)
      .text((d) => d);
    const widest = Math.max(...lines.map((l) => l.length)) * CHAR_PX;
    const w = Math.min(boxW + 16, widest + 32);
    const h = lines.length * LINE_HEIGHT + 16;
    this.box
      .attr('x', cx - w / 2)
      .attr('y', cy - h / 2)
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 6);
  }
}
