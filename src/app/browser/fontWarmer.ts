// The first screen's fonts, looked up before its first layout, a few per task.
//
// Chrome on Linux asks the browser process for each font (family, size, weight, style) the first
// time a page lays text out in it: 0.5-2 ms each, 14-40 ms of a laptop's first frame at 1280x720
// (docs/performance.md, "Stop 48"). Measuring one character in each of those fonts on an
// OffscreenCanvas makes the same lookups (the canvas and the page share the thread's font cache),
// in tasks of their own before the frame that needs them.

/** The part of a 2D context the warmer uses. */
export interface FontProbe {
  font: string;
  measureText(text: string): unknown;
}

/** Lookups per task: at 2 ms each on a cold start, a task stays near 12 ms. */
export const FONTS_PER_TASK = 6;

/**
 * At the latest this long after the warmer starts, its jobs run, looked up or not: the lookups
 * only save the first frame some time, and a page must never wait on them (their tasks starved
 * by a busy machine, a message that never came).
 */
export const WARM_DEADLINE_MS = 1000;

/**
 * Runs `job` in a task of its own, by a message rather than a timer: a chain of timers nested
 * five deep waits 4 ms at each link, and so would every timer the last slice's jobs set.
 */
function messageTask(): (job: () => void) => void {
  const channel = new MessageChannel();
  let queued: (() => void)[] = [];
  channel.port1.onmessage = () => {
    const jobs = queued;
    queued = [];
    for (const job of jobs) job();
  };
  return (job) => {
    queued.push(job);
    channel.port2.postMessage(null);
  };
}

function offscreenProbe(): FontProbe | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  return new OffscreenCanvas(1, 1).getContext('2d');
}

export class FontWarmer {
  /** Jobs waiting for the fonts; null once they are all looked up, or the deadline passed. */
  private waiting: (() => void)[] | null = [];
  private deadline: ReturnType<typeof setTimeout> | undefined;

  /**
   * Starts looking `fonts` (CSS font shorthands) up, `perTask` a task, the first a task after
   * this one (`later` makes the tasks). Without a canvas to measure with, the fonts count as
   * warm at once; after `deadlineMs`, as warm as they will be.
   */
  constructor(
    fonts: readonly string[],
    perTask = FONTS_PER_TASK,
    probe: FontProbe | null = fonts.length === 0 ? null : offscreenProbe(),
    later: (job: () => void) => void = probe === null ? () => {} : messageTask(),
    deadlineMs = WARM_DEADLINE_MS,
  ) {
    if (probe === null || fonts.length === 0) {
      this.waiting = null;
      return;
    }
    this.deadline = setTimeout(() => this.done(), deadlineMs);
    let next = 0;
    const slice = (): void => {
      // Past the deadline the rest are looked up as the page lays text out.
      if (this.waiting === null) return;
      const end = Math.min(fonts.length, next + Math.max(1, perTask));
      for (; next < end; next++) {
        probe.font = fonts[next];
        // Setting the font resolves its family; only measuring text makes the font's own lookup.
        probe.measureText('0');
      }
      if (next < fonts.length) later(slice);
      else this.done();
    };
    later(slice);
  }

  get warm(): boolean {
    return this.waiting === null;
  }

  /** Runs `job` now if the fonts are warm, else once they are. */
  whenWarm(job: () => void): void {
    if (this.waiting === null) job();
    else this.waiting.push(job);
  }

  private done(): void {
    clearTimeout(this.deadline);
    const jobs = this.waiting ?? [];
    this.waiting = null;
    for (const job of jobs) job();
  }
}
