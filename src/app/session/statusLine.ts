// The status line under the stage: what the page waits for (a scenario being prepared, a seek
// waiting for the workers), then how far a large run's recording has got. Hidden means the
// timeline on screen is final: the end-to-end tests wait for that.

import { el, setText } from '../browser/dom';

export class StatusLine {
  readonly element: HTMLElement;
  private waiting: string | null = null;
  private recording: string | null = null;
  /** Jobs waiting for the line to say nothing. */
  private silentWaiters: (() => void)[] = [];

  constructor() {
    this.element = el('div', {
      class: 'preparing',
      role: 'status',
      'data-testid': 'preparing',
      hidden: '',
    });
  }

  /** What the page waits for (null: nothing). */
  say(text: string | null): void {
    this.waiting = text;
    this.show();
  }

  /** The recording's progress, said after the waiting line (null: none under way). */
  sayRecording(text: string | null): void {
    this.recording = text;
    this.show();
  }

  /** Runs `job` once the line says nothing: at once if it says nothing now. */
  whenSilent(job: () => void): void {
    if (this.waiting === null && this.recording === null) job();
    else this.silentWaiters.push(job);
  }

  private show(): void {
    const lines = [this.waiting, this.recording].filter((line) => line !== null);
    // Written only when it changes: a recording's progress comes several times a second.
    const hidden = lines.length === 0;
    if (this.element.hidden !== hidden) {
      this.element.hidden = hidden;
      // Said on the root for the pending note, which gives way to this line (lecture.css): a
      // :has() on the line's parent restyled the whole page at every word the line wrote.
      document.documentElement.toggleAttribute('data-status', !hidden);
    }
    if (!hidden) setText(this.element, lines.join(' '));
    // Only a recording going on behind a drawn page: a quiet line by the transport, not a box
    // over the figure the teacher is talking about (transport.css).
    const kind = this.waiting === null ? 'recording' : 'waiting';
    if (this.element.dataset.kind !== kind) this.element.dataset.kind = kind;
    if (hidden && this.silentWaiters.length > 0) {
      const jobs = this.silentWaiters;
      this.silentWaiters = [];
      for (const job of jobs) job();
    }
  }
}
