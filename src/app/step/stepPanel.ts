// The sidebar's step tab: a sentence per side, the ratio, the pseudocode and the legend.

import { SIDES } from '../../core/replay/side';
import type { StructureKind } from '../../core/structures/registry';
import { drawLegend } from '../../view/pages/pageGrid';
import { el, setText } from '../browser/dom';
import type { SideNumbers } from '../side/sideNumbers';
import type { SideAtStep } from './listings';
import { Pseudocode } from './pseudocode';
import { ratioText, sideSentence, voiceFor } from './stepText';

/** What the tab shows for the cursor's step. */
interface StepShown {
  step: number;
  /** Each side, in side order. */
  sides: readonly [SideAtStep, SideAtStep];
  numbers: readonly [SideNumbers, SideNumbers];
  nodeBytes: number;
  /** Slots per page: the strict B-heap's sentences say where a page's first item goes. */
  itemsPerPage: number;
  /** While playing, the live region stays quiet: a sentence per frame would drown a reader. */
  playing: boolean;
}

export class StepPanel {
  /** The tab's contents, in order (the sidebar wraps them in its tab panel). */
  readonly content: HTMLElement[];
  /** The screen readers' copy of the sentences; the app places it at the page's end. */
  readonly live: HTMLElement;
  private readonly narration: HTMLElement[];
  private readonly ratio: HTMLElement;
  private readonly pseudocode = new Pseudocode();
  /** A step has been written: until then the tab's parts are laid out but not painted. */
  private written = false;

  /**
   * Draws the legend, which reads the theme's palette: build after the theme is applied.
   * `exports` are the buttons (and their status lines) of the tab's Export section.
   */
  constructor(exports: HTMLElement[] = []) {
    this.narration = SIDES.map((side) =>
      el('p', { class: `narration narration-${side}`, 'data-testid': `narration-${side}` }),
    );
    this.live = el('div', {
      class: 'visually-hidden',
      'aria-live': 'polite',
      'data-testid': 'live',
    });
    this.ratio = el('p', { class: 'ratio', 'data-testid': 'ratio' });
    const legend = el('div', { class: 'legend' });
    drawLegend(legend);
    // Not painted until the first step is written: a large run's sentences come after the
    // first paint and would push the pseudocode and legend down (a layout shift).
    this.content = [
      el('h2', {}, ['This step']),
      ...this.narration,
      this.ratio,
      el('h2', {}, ['Pseudocode']),
      ...this.pseudocode.boxes,
      el('h2', {}, ['Legend']),
      legend,
      el('h2', {}, ['Export']),
      el('div', { class: 'step-exports' }, exports),
    ];
    for (const part of this.content) part.classList.add('unwritten');
  }

  /** The structures now on the sides (in side order) choose the listings. */
  showStructures(kinds: readonly StructureKind[]): void {
    this.pseudocode.show(kinds);
  }

  /** Writes the step's sentences, and returns them (side by side) for whoever else says them. */
  render(shown: StepShown): string[] {
    if (!this.written) {
      this.written = true;
      for (const part of this.content) part.classList.remove('unwritten');
    }
    const sentences = shown.sides.map((side) =>
      sideSentence(
        side.kind,
        side.event,
        shown.step,
        voiceFor(side.kind, shown.nodeBytes, shown.itemsPerPage),
        side.previousPage,
        side.distance,
        side.policy,
      ),
    );
    sentences.forEach((sentence, sideIndex) => {
      setText(this.narration[sideIndex], sentence);
    });
    if (!shown.playing) setText(this.live, sentences.join(' '));
    this.pseudocode.light(shown.sides);
    setText(this.ratio, ratioText([shown.sides[0].kind, shown.sides[1].kind], shown.numbers));
    return sentences;
  }
}
