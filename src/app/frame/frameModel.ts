// The frame model (pure): from the timeline, the scenario and the stage to what each view draws.
// The page's views only paint what this returns; deciding it here keeps those decisions testable
// without a DOM.

import type { SimEvent } from '../../core/events';
import { highlightedSlots } from '../../core/explain/highlights';
import type { Replay } from '../../core/replay/replay';
import { SIDES } from '../../core/replay/side';
import { type Scenario, sideSpec } from '../../core/scenario/scenario';
import { NORMAL_LABELS } from '../../view/tree/labels';
import { COUNTERS } from '../side/sideCounters';
import { type SideNumbers, sideNumbers } from '../side/sideNumbers';
import type { SideAtStep } from '../step/listings';
import { operationText } from '../step/stepText';

/** Presenter mode's tree labels: nothing under 18 px on a projector. */
export const PRESENTER_LABELS = { min: 18, max: 24 };

/** What the stage is: the page's size and whether a teacher is presenting. */
export interface Stage {
  width: number;
  height: number;
  presenting: boolean;
}

/**
 * How large the counters' numbers are set: seven digits and more (a list's compares, the
 * article's run) take a smaller size, all at once, so none overlaps its neighbour and none
 * stands out for being short; six digits keep one row in a smaller size.
 */
export type CounterSize = 'normal' | 'mid' | 'long';

/** One side as the frame shows it. */
interface SideFrame {
  /** The side's event at the cursor (null: it waits for the other side). */
  event: SimEvent | null;
  /** The current reference's LRU stack distance (null: none, or not under LRU). */
  distance: number | null;
  numbers: SideNumbers;
  /** The members (slots or nodes) the scene rings in the tree. */
  pointed: Set<number>;
  /** What the step tab's sentence and pseudocode need of this side. */
  atStep: SideAtStep;
}

export interface FrameModel {
  step: number;
  totalSteps: number;
  /** A large run still being recorded: its steps so far, more to come. */
  recording: boolean;
  /** The operation the cursor is in (0-based; -1 before the first). */
  operation: number;
  operations: number;
  /** Steps into the operation, and the operation's steps (the transport shows both). */
  event: number;
  events: number;
  /** The operation line each side prints ("Operation 5 of 192: insert"). */
  opText: string;
  sides: [SideFrame, SideFrame];
  counterSize: CounterSize;
  /** The tree's label sizes (CSS px): larger on a projector. */
  treeLabels: { min: number; max: number };
  /** The resident-pages slider: its value and its range. */
  frames: number;
  pages: number;
}

export function frameModel(timeline: Replay, scenario: Scenario, stage: Stage): FrameModel {
  const events = timeline.currentEvents();
  // The stack distance explains a hit or fault under LRU only.
  const distances = timeline
    .currentDistances()
    .map((distance) => (scenario.policy === 'lru' ? distance : null));
  const step = timeline.step;
  const operation = timeline.opAt(step);
  const operations = timeline.ops.length;
  const opText = operationText(
    operation,
    operations,
    operation < 0 ? null : timeline.opKindAt(operation),
  );
  const sideFrame = (sideIndex: number): SideFrame => {
    const side = timeline.sides[sideIndex];
    return {
      event: events[sideIndex],
      distance: distances[sideIndex],
      numbers: sideNumbers(side, scenario, timeline.pages),
      pointed: highlightedSlots(
        scenario.view.highlight,
        sideSpec(scenario, SIDES[sideIndex]),
        side.view.lastSlot,
      ),
      atStep: {
        kind: side.kind,
        event: events[sideIndex],
        opKind: side.view.currentOp?.op ?? null,
        previousPage: side.view.previousTouchPage,
        distance: distances[sideIndex] ?? -1,
        policy: scenario.policy,
      },
    };
  };
  const sides: [SideFrame, SideFrame] = [sideFrame(0), sideFrame(1)];
  const opStart = operation < 0 ? 0 : timeline.stepStart[operation];
  const opSteps = operation < 0 ? 0 : timeline.stepStart[operation + 1] - opStart;
  return {
    step,
    totalSteps: timeline.totalSteps,
    recording: timeline.stillRecording,
    operation,
    operations,
    event: step - opStart,
    events: opSteps,
    opText,
    sides,
    counterSize: counterSize(
      sides.map((side) => side.numbers),
      timeline.large,
    ),
    treeLabels: stage.presenting ? PRESENTER_LABELS : NORMAL_LABELS,
    frames: scenario.frames,
    pages: timeline.pages,
  };
}

/** The most digits among the counters of both sides: both sides size their numbers alike. */
export function counterDigits(sides: readonly SideNumbers[]): number {
  let digits = 0;
  for (const numbers of sides) {
    for (const counter of COUNTERS) digits = Math.max(digits, String(numbers[counter.key]).length);
  }
  return digits;
}

/**
 * A large run's counters reach seven digits and more: they take their smaller size as soon as
 * it is shown, not on whichever later step first passes a million (a layout change, and every
 * grid redrawn, in the middle of a jump or of play).
 */
export function counterSize(sides: readonly SideNumbers[], longRun: boolean): CounterSize {
  const digits = counterDigits(sides);
  if (digits > 6 || longRun) return 'long';
  return digits === 6 ? 'mid' : 'normal';
}
