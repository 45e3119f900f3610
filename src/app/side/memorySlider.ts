// The resident-pages slider: one frame count for both sides, answered at once from the recency
// stack (no new pass over the scenario), keyboard-operable as a native range input.

import { formatCount } from '../../core/explain/numbers';
import { el, setText } from '../browser/dom';

interface MemorySliderHost {
  /** The visitor moved the slider to `frames` (every input event, while dragging too). */
  moved: (frames: number) => void;
  /** The visitor let go (change event): the link records the value. */
  settled: (frames: number) => void;
}

export class MemorySlider {
  readonly root: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly output: HTMLOutputElement;
  private pages = 1;

  constructor(host: MemorySliderHost) {
    this.input = el('input', {
      type: 'range',
      min: '1',
      max: '1',
      step: '1',
      id: 'frames-slider',
      'data-testid': 'frames-slider',
      'aria-describedby': 'frames-slider-note',
    });
    this.output = el('output', { for: 'frames-slider', class: 'memory-value' });
    const note = el('span', { class: 'memory-note', id: 'frames-slider-note' }, [
      'a reference hits when its page is among the most recently used this many: its stack distance',
    ]);
    this.root = el('div', { class: 'memory-bar', role: 'group', 'aria-label': 'Memory' }, [
      el('label', { for: 'frames-slider', class: 'memory-label' }, ['Resident pages']),
      this.input,
      this.output,
      note,
    ]);
    this.input.addEventListener('input', () => {
      const frames = this.value();
      this.say(frames);
      host.moved(frames);
    });
    this.input.addEventListener('change', () => host.settled(this.value()));
  }

  /** Shows `frames` of `pages` (the larger side's pages: the slider's end). */
  show(frames: number, pages: number): void {
    this.pages = Math.max(1, pages);
    const max = String(this.pages);
    if (this.input.max !== max) this.input.max = max;
    const value = String(Math.min(frames, this.pages));
    if (this.input.value !== value) this.input.value = value;
    this.say(Math.min(frames, this.pages));
  }

  private value(): number {
    return Math.max(1, Math.min(this.pages, Math.round(Number(this.input.value))));
  }

  private say(frames: number): void {
    const text = `${formatCount(frames)} of ${formatCount(this.pages)}`;
    setText(this.output, text);
    this.input.setAttribute(
      'aria-valuetext',
      `${formatCount(frames)} resident pages of ${formatCount(this.pages)}`,
    );
  }
}
