// Prepares a scenario's timeline in short slices, so no scenario blocks the page.

import { Timeline } from '../core/replay/timeline';
import type { Scenario } from '../core/scenario/scenario';
import { el, setText } from './dom';

/** Work per slice, in ms: well under the 50 ms a task may take before it is a long task. */
const SLICE_MS = 8;

export class TimelinePreparer {
  /** The progress line ("Preparing the scenario… N%"), shown while a scenario takes longer. */
  readonly status: HTMLElement;
  /** Counts requests: a slice of a superseded request sees a newer number and stops. */
  private generation = 0;

  constructor() {
    this.status = el('div', {
      class: 'preparing',
      role: 'status',
      'data-testid': 'preparing',
      hidden: '',
    });
  }

  /**
   * Calls `ready` with the scenario's timeline once it is prepared (at once for a small one).
   * Until then the page keeps showing, and playing, the timeline it has.
   */
  prepare(
    scenario: Scenario,
    ready: (timeline: Timeline) => void,
    options: { legacySteps?: boolean } = {},
  ): void {
    const generation = ++this.generation;
    let timeline: Timeline;
    const slice = (): void => {
      if (generation !== this.generation) return;
      if (!timeline.prepareFor(SLICE_MS, () => performance.now())) {
        this.status.hidden = false;
        setText(this.status, `Preparing the scenario… ${Math.floor(timeline.progress * 100)}%`);
        window.setTimeout(slice, 0);
        return;
      }
      this.status.hidden = true;
      // Showing it (a seek and a full draw) is a task of its own: added to the slice that
      // finished preparing, a scene change could pass the 50 ms of a long task.
      window.setTimeout(() => {
        if (generation === this.generation) ready(timeline);
      }, 0);
    };
    // The request's own task (a control's change, a click) only parses and asks; setting the
    // scenario up (recording its operations, sizing its tables) and each slice of the first
    // pass are tasks of their own. Together they passed 50 ms at the page's largest sizes.
    window.setTimeout(() => {
      if (generation !== this.generation) return;
      timeline = new Timeline(scenario, { deferred: true, ...options });
      window.setTimeout(slice, 0);
    }, 0);
  }
}
