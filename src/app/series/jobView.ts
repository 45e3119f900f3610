// What a series panel shows of its job, the same in the three panels: a progress bar and Cancel
// while it runs, a status line, the chart's message, and (scaling, machine) the panel's
// data-state, which tests and anyone inspecting the page read.

import { el, setText } from '../browser/dom';

interface JobViewOptions {
  /** The panel's name: test ids `${name}-progress` and `${name}-cancel`, class `${name}-status`. */
  name: string;
  progressLabel: string;
  /** The status line: a paragraph of its own (with a test id), or a span in a row. */
  status: 'paragraph' | 'span';
  cancel: () => void;
  /** Sets or clears (null) the chart's message over the plot. */
  message: (text: string | null) => void;
  /** The element whose data-state says `running` while a job runs, then `done` or `idle`. */
  state?: { element: HTMLElement; running: string };
  /** One line on what the panel is doing (started, done, cancelled), for a host that asks. */
  report?: (text: string) => void;
}

export class JobView {
  readonly progress: HTMLProgressElement;
  readonly cancelButton: HTMLButtonElement;
  readonly status: HTMLElement;
  /** What shows while a job runs: the bar and Cancel, or a row holding both. */
  private toggled: HTMLElement[];

  constructor(private readonly options: JobViewOptions) {
    const { name } = options;
    this.progress = el('progress', {
      max: '1',
      value: '0',
      'data-testid': `${name}-progress`,
      'aria-label': options.progressLabel,
    });
    this.cancelButton = el('button', { type: 'button', 'data-testid': `${name}-cancel` }, [
      'Cancel',
    ]);
    this.cancelButton.addEventListener('click', () => options.cancel());
    const statusClass = `series-status ${name}-status`;
    this.status =
      options.status === 'paragraph'
        ? el('p', { class: statusClass, role: 'status', 'data-testid': `${name}-status` })
        : el('span', { class: statusClass, role: 'status' });
    this.toggled = [this.progress, this.cancelButton];
    this.hide();
  }

  /** A row of the panel's own holding the bar and Cancel, shown and hidden in their stead. */
  row(className: string): HTMLElement {
    const row = el('div', { class: className }, [this.progress, this.cancelButton]);
    this.progress.hidden = false;
    this.cancelButton.hidden = false;
    this.toggled = [row];
    this.hide();
    return row;
  }

  /** A job starts: the bar at 0 and Cancel shown, its status said, the chart's message set. */
  start(status: string, message: string, report = status): void {
    const { state } = this.options;
    if (state !== undefined) state.element.dataset.state = state.running;
    this.show(true);
    this.progress.value = 0;
    this.say(status);
    this.options.report?.(report);
    this.options.message(message);
  }

  /** The bar at `fraction` done; the status and the chart's message too, when given. */
  advance(fraction: number, status?: string, message?: string): void {
    this.progress.value = fraction;
    if (status !== undefined) this.say(status);
    if (message !== undefined) this.options.message(message);
  }

  /** The job is over (done, failed or cancelled): the chart's message cleared, the end said. */
  finish(status: string, finished: boolean): void {
    const { state } = this.options;
    if (state !== undefined) state.element.dataset.state = finished ? 'done' : 'idle';
    this.hide();
    this.options.message(null);
    this.say(status);
    this.options.report?.(status);
  }

  /** Hides the bar and Cancel. */
  hide(): void {
    this.show(false);
  }

  say(text: string): void {
    setText(this.status, text);
  }

  private show(visible: boolean): void {
    for (const element of this.toggled) element.hidden = !visible;
  }
}
