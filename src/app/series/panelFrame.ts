// The frame of a panel that runs one job at a time in workers and keeps what arrived (curves,
// scaling, machine): its section, the job's view, the error line, the start button where the
// panel waits to be asked, Cancel, and the note that the settings no longer match the result.

import { el } from '../browser/dom';
import { JobView } from './jobView';
import { ErrorLine } from './seriesForm';

interface PanelFrameOptions {
  /** The panel's name: its classes and test ids (`${name}-status`, `${name}-cancel`…). */
  name: string;
  /** The section's accessible name. */
  label: string;
  /** The section's data-state while the job runs ("computing", "measuring"). */
  running: string;
  progressLabel: string;
  /**
   * The start button's label ("Compute"), its test id `${name}-${label in lower case}`; none
   * for a panel that starts by itself when its settings change (the curves).
   */
  start?: string;
  /** Said on Cancel: the job stopped, what arrived stays. */
  cancelled: string;
  /** Sets or clears the chart's message. */
  message: (text: string | null) => void;
  report: (text: string) => void;
  /** Ends the job with this status (done, failed or cancelled). */
  finish: (status: string) => void;
}

/** What the frame needs of the panel's work: whether it runs, and how to stop it. */
interface Cancellable {
  readonly busy: boolean;
  cancel(): void;
}

export class PanelFrame {
  readonly root: HTMLElement;
  readonly view: JobView;
  readonly error: ErrorLine;

  constructor(
    private readonly job: Cancellable,
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
    if (label === undefined) throw new Error(`the ${name} panel starts by itself`);
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
    if (differs && !this.job.busy && this.options.start !== undefined) {
      this.view.say(`The settings changed: press ${this.options.start} to run them.`);
    }
  }

  private cancel(): void {
    if (!this.job.busy) return;
    this.job.cancel();
    this.options.finish(this.options.cancelled);
  }
}
