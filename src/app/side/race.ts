// The race of transfers under the two sides: the timeline's transfers per operation, and the
// cursor at the current step (drawn in the same frame as the step).

import type { Replay } from '../../core/replay/replay';
import { STRUCTURES } from '../../core/structures/registry';
import type { RaceCursor } from '../../view/race/raceChart';
import { RaceChart } from '../../view/race/raceChart';

/** While a large run is being recorded, its lines grow this often (ms): a draw takes a few. */
const GROW_EVERY_MS = 1000;

export class RacePanel {
  readonly chart: RaceChart;
  private drawnFor: Replay | null = null;
  private drawnFrames = 0;
  private drawnSamples = 0;
  private growing: number | null = null;

  constructor(container: HTMLElement) {
    this.chart = new RaceChart(container);
  }

  /**
   * Draws the lines once per timeline and frame count (the slider reads another column of the
   * timeline's race table), then moves the cursor to the timeline's step.
   */
  show(timeline: Replay): void {
    this.prepare(timeline);
    this.chart.setCursor(raceCursor(timeline));
  }

  /**
   * Draws the lines, if this timeline and frame count are not drawn yet, without moving the
   * cursor: a large run's are drawn as soon as it is ready, so its first step's frame has less
   * to do.
   */
  prepare(timeline: Replay): void {
    if (
      (timeline !== this.drawnFor ||
        timeline.frames !== this.drawnFrames ||
        timeline.raceSamples !== this.drawnSamples) &&
      timeline.ready
    ) {
      this.drawnFor = timeline;
      this.drawnFrames = timeline.frames;
      this.drawnSamples = timeline.raceSamples;
      const [left, right] = timeline.sides.map((side) => STRUCTURES[side.kind].title);
      const race = timeline.raceAt(timeline.frames);
      this.chart.setData({
        names: left === right ? [`${left} #1`, `${right} #2`] : [left, right],
        ops: race.ops,
        transfers: race.values,
        operations: timeline.ops.length,
      });
      if (timeline.stillRecording) this.grow(timeline);
    }
  }

  /** A run still being recorded: its lines are drawn again as its samples come. */
  private grow(timeline: Replay): void {
    if (this.growing !== null) return;
    this.growing = window.setTimeout(() => {
      this.growing = null;
      if (this.drawnFor !== timeline) return;
      this.prepare(timeline);
      if (timeline.stillRecording) this.grow(timeline);
    }, GROW_EVERY_MS);
  }
}

/** The cursor: the operation it is in, plus the share of that operation's steps taken. */
function raceCursor(timeline: Replay): RaceCursor {
  const step = timeline.step;
  const operation = timeline.opAt(step);
  let position = 0;
  if (operation >= 0) {
    const start = timeline.stepStart[operation];
    const length = Math.max(1, timeline.stepStart[operation + 1] - start);
    position = operation + Math.min(1, (step - start) / length);
  }
  const values = timeline.sides.map(
    (side) => side.view.counters.pageIns + side.view.counters.writeBacks,
  );
  return { position, values: [values[0], values[1]] };
}
