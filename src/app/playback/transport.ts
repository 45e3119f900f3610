// The playback bar at the foot of the page: its buttons, speed, scrubber and step counter.

import { formatCount } from '../../core/explain/numbers';
import { el, setText } from '../browser/dom';
import { type IconName, iconLabel } from '../browser/icons';

/** Playback speeds, in lockstep steps per second. */
const SPEEDS = [1, 3, 10, 30, 100, 300, 1000, 5000] as const;
const DEFAULT_SPEED = 10;

/** What the bar's controls do: the playback's, the bar only draws. */
interface TransportActions {
  jumpToStart(): void;
  operationBack(): void;
  stepBack(): void;
  togglePlay(): void;
  stepForward(): void;
  operationForward(): void;
  jumpToEnd(): void;
  /** The scrubber was dragged: the operation boundary it shows is scrubberOperation. */
  scrubbed(): void;
  /** "Go to operation" asked for the start of operation `operation` (from 1). */
  goToOperation(operation: number): void;
}

/** Grouped counts ("4,000,000"), as every count on the page is written. */
const COUNT = { format: formatCount };

export class Transport {
  readonly root: HTMLElement;
  private readonly scrubber: HTMLInputElement;
  private readonly stepLabel: HTMLElement;
  /** A step has been shown: until then the bar is laid out but not painted. */
  private written = false;
  private readonly opLabel: HTMLElement;
  private readonly opInput: HTMLInputElement;
  private readonly playButton: HTMLButtonElement;
  private readonly speedSelect: HTMLSelectElement;

  constructor(actions: TransportActions) {
    this.scrubber = el('input', {
      'data-testid': 'scrubber',
      type: 'range',
      min: '0',
      max: '0',
      value: '0',
      // By operation: the article's run has 4M of them and several hundred million steps.
      'aria-label': 'Operations done',
    });
    this.stepLabel = el('span', { class: 'step-label', 'data-testid': 'step-label' });
    this.opLabel = el('span', { class: 'op-label', 'data-testid': 'op-label' });
    this.opInput = el('input', {
      type: 'number',
      min: '1',
      step: '1',
      class: 'op-jump',
      'data-testid': 'op-jump',
      'aria-label': 'Go to operation',
      placeholder: 'op #',
    });
    this.opInput.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      const operation = Number(this.opInput.value);
      const most = Number(this.opInput.max);
      if (Number.isInteger(operation) && operation >= 1 && operation <= most) {
        this.opInput.setCustomValidity('');
        // The arrow keys step again at once: they are the number box's own while it has focus.
        this.opInput.blur();
        actions.goToOperation(operation);
      } else {
        this.opInput.setCustomValidity(`an operation from 1 to ${most}`);
        this.opInput.reportValidity();
      }
    });
    this.playButton = el('button', {
      type: 'button',
      'data-testid': 'play',
      'aria-label': 'Play',
      'aria-pressed': 'false',
    });
    iconLabel(this.playButton, 'play', 'Play');
    this.speedSelect = el('select', { 'aria-label': 'Speed', 'data-testid': 'speed' });
    for (const speed of SPEEDS) {
      const option = el('option', { value: String(speed) }, [`${speed} steps/s`]);
      if (speed === DEFAULT_SPEED) option.selected = true;
      this.speedSelect.append(option);
    }
    const button = (
      testId: string,
      glyph: IconName,
      label: string,
      title: string,
      action: () => void,
    ): HTMLButtonElement => {
      const b = el('button', {
        type: 'button',
        'data-testid': testId,
        title,
        'aria-label': title,
        class: 'transport-button',
      });
      iconLabel(b, glyph, label);
      b.addEventListener('click', action);
      return b;
    };
    this.playButton.addEventListener('click', () => actions.togglePlay());
    this.scrubber.addEventListener('input', () => actions.scrubbed());
    this.root = el('footer', { class: 'transport unwritten', 'aria-label': 'Playback' }, [
      button('jump-start', 'jumpStart', '', 'Jump to start (Home)', () => actions.jumpToStart()),
      button('op-back', 'opBack', 'op', 'Back one operation (Shift+←)', () =>
        actions.operationBack(),
      ),
      button('step-back', 'stepBack', 'step', 'Back one step (←)', () => actions.stepBack()),
      this.playButton,
      button('step-forward', 'stepForward', 'step', 'Forward one step (→)', () =>
        actions.stepForward(),
      ),
      button('op-forward', 'opForward', 'op', 'Forward one operation (Shift+→)', () =>
        actions.operationForward(),
      ),
      button('jump-end', 'jumpEnd', '', 'Jump to end (End)', () => actions.jumpToEnd()),
      this.speedSelect,
      this.scrubber,
      el('span', { class: 'step-readout' }, [this.stepLabel, this.opLabel]),
      this.opInput,
    ]);
  }

  /** The operations done at the scrubber's place (dragged, or the cursor's since the last draw). */
  get scrubberOperation(): number {
    return Number(this.scrubber.value);
  }

  /** The chosen speed, in steps per second. */
  get stepsPerSecond(): number {
    return Number(this.speedSelect.value);
  }

  /** A new timeline: the scrubber spans its operations. */
  setOperations(operations: number): void {
    this.scrubber.max = String(operations);
    this.opInput.max = String(Math.max(1, operations));
  }

  /**
   * The cursor: its step, and where it is by operation: `operation` is the one it is in (from
   * 0; -1 before any), `event` the step inside it (from 1) of `events`.
   */
  showStep(
    step: number,
    totalSteps: number,
    where: { operation: number; operations: number; event: number; events: number },
    /** A large run still being recorded: its total is the steps so far. */
    recording = false,
  ): void {
    if (!this.written) {
      // Shown with its first step: a large run's readout, written late, would move the bar
      // (a phone's wraps onto another row), a layout shift after the first paint.
      this.written = true;
      this.root.classList.remove('unwritten');
    }
    const done =
      where.operation < 0 ? 0 : where.event >= where.events ? where.operation + 1 : where.operation;
    this.scrubber.value = String(done);
    const operations = COUNT.format(where.operations);
    this.scrubber.setAttribute(
      'aria-valuetext',
      `${COUNT.format(done)} of ${operations} operations`,
    );
    setText(
      this.stepLabel,
      `step ${COUNT.format(step)} / ${COUNT.format(totalSteps)}${recording ? ' so far' : ''}`,
    );
    setText(
      this.opLabel,
      where.operation < 0
        ? `op 0 / ${operations}`
        : `op ${COUNT.format(where.operation + 1)} / ${operations} · event ${where.event} of ${where.events}`,
    );
  }

  showPlaying(playing: boolean): void {
    iconLabel(this.playButton, playing ? 'pause' : 'play', playing ? 'Pause' : 'Play');
    this.playButton.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    this.playButton.setAttribute('aria-pressed', String(playing));
  }
}
