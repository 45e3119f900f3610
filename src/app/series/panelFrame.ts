// The frame of a panel that runs one job at a time in a worker and keeps what arrived (scaling,
// machine): its section, the job's view, the error line, the start button, Cancel, and the
// note that the settings no longer match the result shown.

import { el } from '../browser/dom';
import type { JobReply, WorkerJob } from './job';
import { JobView } from './jobView';
import { ErrorLine } from './seriesForm';

export interface PanelFrameOptions {
  /** The panel's name: its classes and test ids (`${name}-status`, `${name}-cancel`…). */
  name: string;
  /** The section's accessible name. */
  label: string;
  /** The section's data-state while the job runs ("computing", "measuring"). */
  running: string;
  progressLabel: string;
  /** The start button's label ("Compute"); its test id is `${name}-${label in lower case}`. */
  start: string;
  /** Said on Cancel: the job stopped, what arrived stays. */
  cancelled: string;
  /** Sets or clears the chart's message. */
  message: (text: string | null) => void;
  report: (text: string) => void;
  /** Ends the job with this status (done, failed or cancelled). */
  finish: (status: string) => void;
}

export class PanelFrame<Request extends { id: number }, Reply extends JobReply> {
  readonly root: HTMLElement;
  readonly view: JobView;
  readonly error: ErrorLine;

  constructor(
    private readonly job: WorkerJob<Request, Reply>,
    private readonly options: PanelFrameOptions,
  ) {
    const { name } = options;
    this.root = el('section', {
      class: `series-panel ${name}`,
      'aria-label': options.label,
      'data-state': 'idle',
    });
    this.error = new ErrorLine(name, options.report);
    this.view = new JobView({
      name,
      progressLabel: options.progressLabel,
      status: 'paragraph',
      cancel: () => this.cancel(),
      message: options.message,
      state: { element: this.root, running: options.running },
      report: options.report,
    });
  }

  /** The button that starts the job, drawn as the page's primary buttons. */
  startButton(start: () => void): HTMLButtonElement {
    const { name, start: label } = this.options;
    const button = el(
      'button',
      { type: 'button', class: 'primary', 'data-testid': `${name}-${label.toLowerCase()}` },
      [label],
    );
    button.addEventListener('click', start);
    return button;
  }

  /** Says the result shown is not what the settings ask for (`differs`), unless a job runs. */
  noteStale(differs: boolean): void {
    if (differs && !this.job.busy) {
      this.view.say(`The settings changed: press ${this.options.start} to run them.`);
    }
  }

  private cancel(): void {
    if (!this.job.busy) return;
    this.job.cancel();
    this.options.finish(this.options.cancelled);
  }
}
