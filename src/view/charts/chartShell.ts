// The frame every chart lives in: root, plot, readout, sized SVG, keys, pointer and teardown.
//
// The root holds the plot and an HTML readout under it; the SVG (background, title, caption)
// describes itself by the readout and is sized to the plot whenever it changes size.

import { select } from 'd3-selection';
import { type PlotSize, PlotSizer } from './chartKit';
import { type Part, SVG_NS } from './parts';
import { onReadoutKey, pointerX, type ReadoutMove } from './readoutInput';

interface ShellOptions {
  /** Class prefix of the chart's own parts: "cc" gives cc-root, cc-svg, cc-readout... */
  prefix: string;
  /** data-testid of the <svg> and of the readout. */
  testId: string;
  readoutTestId: string;
  /** The <svg>'s role and the like, in order; then its label, until the first draw sets one. */
  aria: Record<string, string>;
  label: string;
  /** HTML placed between the plot and the readout (the scaling chart's legend). */
  between?: HTMLElement[];
  /** The size while the plot has none yet (a hidden tab), and the least height. */
  fallback: PlotSize & { minHeight: number };
  /** Draws the chart again for a new size. */
  redraw: () => void;
}

/** Readout ids per prefix, so several charts of a kind can describe themselves apart. */
const counts = new Map<string, number>();

export class ChartShell {
  readonly root: HTMLDivElement;
  readonly plot: HTMLDivElement;
  readonly readout: HTMLParagraphElement;
  readonly svgNode: SVGSVGElement;
  readonly svg: Part<SVGSVGElement>;
  readonly background: Part<SVGRectElement>;
  readonly title: Part<SVGTextElement>;
  readonly caption: Part<SVGTextElement>;
  private readonly sizer: PlotSizer;
  private hit: Part<SVGRectElement> | null = null;

  constructor(container: HTMLElement, options: ShellOptions) {
    const { prefix } = options;
    const id = (counts.get(prefix) ?? 0) + 1;
    counts.set(prefix, id);
    this.root = document.createElement('div');
    this.root.className = `chart-root ${prefix}-root`;
    this.plot = document.createElement('div');
    this.plot.className = `chart-plot ${prefix}-plot`;
    this.readout = document.createElement('p');
    this.readout.className = `chart-readout ${prefix}-readout`;
    this.readout.id = `${prefix}-readout-${id}`;
    this.readout.dataset.testid = options.readoutTestId;
    this.readout.setAttribute('aria-live', 'polite');
    this.root.append(this.plot, ...(options.between ?? []), this.readout);
    container.append(this.root);

    this.svg = select(this.plot)
      .append('svg')
      .attr('xmlns', SVG_NS)
      .attr('class', `chart-svg ${prefix}-svg`)
      .attr('data-testid', options.testId)
      .attr('tabindex', 0);
    for (const [name, value] of Object.entries(options.aria)) this.svg.attr(name, value);
    this.svg.attr('aria-describedby', this.readout.id).attr('aria-label', options.label);
    this.svgNode = this.svg.node()!;
    this.background = this.svg.append('rect').attr('class', `chart-bg ${prefix}-bg`);
    this.title = this.svg.append('text').attr('class', `chart-title ${prefix}-title`);
    this.caption = this.svg.append('text').attr('class', `chart-caption ${prefix}-caption`);
    this.sizer = new PlotSizer(this.plot, options.fallback, options.redraw);
  }

  /** Fixes the size a draw is about to use. Writes nothing, so fonts may still be read. */
  take(): PlotSize {
    return this.sizer.take();
  }

  /** Asks for a redraw on the next frame (one a draw before then makes unnecessary). */
  schedule(): void {
    this.sizer.schedule();
  }

  /** Whether a redraw waits for the next frame. */
  get scheduled(): boolean {
    return this.sizer.scheduled;
  }

  /** Draws now if the plot changed size and its redraw waits for the next frame. */
  flush(): void {
    this.sizer.flush();
  }

  /** Sizes the SVG and its background for the draw. */
  resize({ width, height }: PlotSize): void {
    this.svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    this.background.attr('width', width).attr('height', height);
  }

  /** The size the last draw used. */
  get size(): PlotSize {
    return this.sizer.size;
  }

  /** Sets the readout's text, touching the DOM (and the live region) only when it changes. */
  say(text: string): void {
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  /**
   * Appends the transparent target that catches the pointer over the plot (call it when its
   * layer comes); each handler gets the pointer's x in SVG pixels.
   */
  pointerTarget(
    className: string,
    onMove: (x: number) => void,
    onClick: (x: number) => void,
  ): Part<SVGRectElement> {
    const hit = this.svg.append('rect').attr('class', className);
    const x = (event: MouseEvent): number => pointerX(event, this.svgNode, this.size.width);
    hit.on('pointermove', (event: PointerEvent) => onMove(x(event)));
    hit.on('click', (event: MouseEvent) => onClick(x(event)));
    this.hit = hit;
    return hit;
  }

  /** Hands the readout keys to `act`, which says whether it used the key. */
  keys(act: (move: ReadoutMove, shift: boolean) => boolean): void {
    this.svg.on('keydown', (event: KeyboardEvent) => onReadoutKey(event, act));
  }

  destroy(): void {
    this.sizer.disconnect();
    this.svg.on('keydown', null);
    this.hit?.on('pointermove', null).on('click', null);
    this.root.remove();
  }
}
