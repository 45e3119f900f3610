// Playback: play/pause, the animation-frame clock, seeking, stepping by event or operation.

import type { Replay } from '../../core/replay/replay';
import type { LinkWriter } from '../browser/link';
import { recordDuration } from '../browser/timing';
import { operationStep } from '../session/cursor';
import { Transport } from './transport';

/** How long the link waits after a seek: longer while playing, where seeks come every frame. */
const LINK_DELAY_MS = 120;
const LINK_DELAY_PLAYING_MS = 500;

interface PlaybackHost {
  /** The timeline on screen (a new one replaces it when a scenario is ready). */
  timeline(): Replay;
  /** The cursor moved to this step: the scenario records it and the page redraws next frame. */
  moved(step: number): void;
  /** Draws the page now (playback stopped: the live region speaks the step again). */
  draw(): void;
  /** A seek waits for a large run's workers to serve its operation (null: it has arrived). */
  waiting(operation: number | null): void;
  /** The workers could not serve a seek. */
  failed(message: string): void;
}

export class Playback {
  /** The bar that shows the cursor and offers this playback's actions. */
  readonly transport: Transport;
  private playingNow = false;
  /** The animation frame's timestamp the clock last advanced from, in ms. */
  private lastFrameTime = 0;
  /** Steps earned by elapsed time but not yet taken (a fraction of one at slow speeds). */
  private stepsOwed = 0;
  /** Predict mode's say on moving forward onto a step (false: a question is asked first). */
  private gate: ((step: number) => boolean) | null = null;
  /** An embedded page plays only these steps, and may loop over them. */
  private range: { from: number; to: number | null; loop: boolean } = {
    from: 0,
    to: null,
    loop: false,
  };
  /**
   * What a waiting seek waits for (a large run's workers serve its state, or are still
   * recording its operation); a newer seek replaces it. Null: none waits.
   */
  private pending: object | null = null;

  constructor(
    private readonly host: PlaybackHost,
    private readonly link: LinkWriter,
  ) {
    this.transport = new Transport({
      // The jump buttons keep playing (Home and End pause, see keyboard.ts).
      jumpToStart: () => this.seek(0),
      operationBack: () => this.stepOperation(-1),
      stepBack: () => this.stepBy(-1),
      togglePlay: () => this.togglePlay(),
      stepForward: () => this.stepBy(1),
      operationForward: () => this.stepOperation(1),
      jumpToEnd: () => this.seekEnd(),
      scrubbed: () => {
        this.pause();
        // Read after pausing, which redraws the scrubber at the cursor: dragging it during
        // play only pauses there; once paused, a drag moves the cursor to that boundary.
        const timeline = this.host.timeline();
        const done = Math.min(timeline.ops.length, this.transport.scrubberOperation);
        this.seekWhenRecorded(done, (recorded) => recorded.stepStart[done]);
      },
      goToOperation: (operation) => {
        this.pause();
        const operations = this.host.timeline().ops.length;
        this.seekWhenRecorded(Math.min(operations, operation), (recorded) =>
          operationStep(recorded.stepStart, operations, operation),
        );
      },
    });
  }

  get playing(): boolean {
    return this.playingNow;
  }

  /**
   * Moving forward one step at a time asks `allows` first; a refused step stops playback there
   * (predict mode asks its question). Null: no gate.
   */
  setGate(allows: ((step: number) => boolean) | null): void {
    this.gate = allows;
  }

  /** The steps Play covers (the whole scenario by default); with `loop`, it starts over. */
  setRange(from: number | null, to: number | null, loop: boolean): void {
    this.range = { from: from ?? 0, to, loop };
  }

  /** The last step Play goes to. */
  private get lastStep(): number {
    const total = this.host.timeline().totalSteps;
    return this.range.to === null ? total : Math.min(total, this.range.to);
  }

  /**
   * Moves the cursor to `step`. A large run's step beyond the page's reach is fetched from its
   * workers first: the page stays as it is (and usable) meanwhile, and the seek happens when
   * the state arrives, unless another seek has come since.
   */
  seek(step: number): void {
    // User Timing entries: the e2e performance report reads these (no timed unit tests).
    const started = performance.now();
    const timeline = this.host.timeline();
    if (!timeline.canSeek(step)) {
      this.waitFor(timeline, step, started);
      return;
    }
    // A large run's line may also say a landing waits (the session's): it has come.
    if (this.pending !== null || timeline.large) {
      this.pending = null;
      this.host.waiting(null);
    }
    timeline.seek(step);
    recordDuration('bheap:seek', started);
    this.host.moved(timeline.step);
    this.link.soon(this.playingNow ? LINK_DELAY_PLAYING_MS : LINK_DELAY_MS);
  }

  /**
   * Moves to the step `stepOf` gives once operations 0..op-1 are recorded: a large run still
   * being recorded knows a later operation's steps only then, and the seek waits, said so.
   */
  private seekWhenRecorded(op: number, stepOf: (timeline: Replay) => number): void {
    const timeline = this.host.timeline();
    if (timeline.recordedOps >= op) {
      this.seek(stepOf(timeline));
      return;
    }
    const token = {};
    this.pending = token;
    this.host.waiting(op);
    timeline.whenRecorded(op).then((arrived) => {
      if (!arrived || this.pending !== token || this.host.timeline() !== timeline) return;
      // The seek clears the waiting line, or waits on for the state (a new token).
      this.seek(stepOf(timeline));
    });
  }

  private waitFor(timeline: Replay, step: number, started: number): void {
    const token = {};
    this.pending = token;
    this.host.waiting(timeline.opAt(Math.min(step, timeline.totalSteps)) + 1);
    timeline.fetchFor(step).then(
      (arrived) => {
        if (!arrived || this.pending !== token || this.host.timeline() !== timeline) return;
        this.pending = null;
        timeline.seek(step);
        // From the request to the state shown: what a jump in a large run costs.
        recordDuration('bheap:far-seek', started);
        // Drawn a frame later: the state's arrival (two heaps copied in) and the first draw of a
        // large run (its grid, its race) would otherwise share one frame, past 50 ms. The
        // waiting line stays until then, so that it hides only when the state is on screen.
        requestAnimationFrame(() => {
          if (this.host.timeline() !== timeline) return;
          // The timeline has moved: the page and its link follow it even when a newer seek
          // waits meanwhile (that one may yet fail), so they never show a step the link does
          // not name. Only the waiting line is the newer seek's.
          if (this.pending === null) this.host.waiting(null);
          this.host.moved(timeline.step);
          this.link.soon(LINK_DELAY_MS);
        });
      },
      (error: Error) => {
        if (this.pending !== token) return;
        this.pending = null;
        this.host.waiting(null);
        this.host.failed(`The workers could not serve step ${step}: ${error.message}`);
      },
    );
  }

  /** Whether a seek is waiting for a large run's workers. */
  get waiting(): boolean {
    return this.pending !== null;
  }

  /** To the last step of the timeline. */
  seekEnd(): void {
    // A large run's end is known once all of it is recorded.
    const operations = this.host.timeline().ops.length;
    this.seekWhenRecorded(operations, (timeline) => timeline.totalSteps);
  }

  /** Pauses, then moves by `steps` events (negative: back); the gate may hold a step forward. */
  stepBy(steps: number): void {
    this.pause();
    const target = this.host.timeline().step + steps;
    this.seek(steps > 0 ? this.gatedTarget(target) : target);
  }

  /** The furthest step up to `target` the gate lets the cursor reach, one step at a time. */
  private gatedTarget(target: number): number {
    const gate = this.gate;
    const timeline = this.host.timeline();
    const from = timeline.step;
    if (gate === null) return target;
    const last = Math.min(target, timeline.totalSteps);
    for (let step = from + 1; step <= last; step++) {
      if (!gate(step)) return step - 1;
    }
    return target;
  }

  /** Pauses, then moves to the next or previous operation boundary. */
  stepOperation(direction: 1 | -1): void {
    this.pause();
    const timeline = this.host.timeline();
    const step = timeline.step;
    this.seek(direction > 0 ? timeline.nextOpBoundary(step) : timeline.previousOpBoundary(step));
  }

  togglePlay(): void {
    if (this.playingNow) this.pause();
    else this.play();
  }

  /** Plays, unless it already does. */
  start(): void {
    if (!this.playingNow) this.play();
  }

  pause(): void {
    if (!this.playingNow) return;
    this.playingNow = false;
    this.transport.showPlaying(false);
    this.link.now('replace');
    this.host.draw();
  }

  private play(): void {
    const timeline = this.host.timeline();
    // Play at the end (or outside the range) starts over from the range's first step.
    if (timeline.step >= this.lastStep || timeline.step < this.range.from)
      this.seek(this.range.from);
    this.playingNow = true;
    this.lastFrameTime = performance.now();
    this.stepsOwed = 0;
    this.transport.showPlaying(true);
    requestAnimationFrame((time) => this.tick(time));
  }

  private tick(time: number): void {
    if (!this.playingNow) return;
    this.stepsOwed += ((time - this.lastFrameTime) / 1000) * this.transport.stepsPerSecond;
    this.lastFrameTime = time;
    const wholeSteps = Math.floor(this.stepsOwed);
    if (wholeSteps > 0) {
      this.stepsOwed -= wholeSteps;
      const shown = this.host.timeline();
      // While a large run is recorded, play goes no further than what has come, and waits there.
      const last = shown.stillRecording
        ? Math.min(this.lastStep, shown.totalSteps - 1)
        : this.lastStep;
      const wanted = Math.max(shown.step, Math.min(last, shown.step + wholeSteps));
      const allowed = this.gatedTarget(wanted);
      this.seek(allowed);
      if (allowed < wanted) {
        // A question waits: play stops before its event.
        this.pause();
        return;
      }
    }
    const timeline = this.host.timeline();
    if (timeline.step >= this.lastStep) {
      if (!this.range.loop) {
        this.pause();
        return;
      }
      this.seek(this.range.from);
    }
    requestAnimationFrame((next) => this.tick(next));
  }
}
