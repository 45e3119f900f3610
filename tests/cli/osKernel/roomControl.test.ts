// The group's limit follows what the process holds besides the array, so the array keeps the
// room it was given: the median of the last samples, moved only by whole steps of pages.

import { describe, expect, it } from 'vitest';
import { CONTROL_STEP_PAGES, RoomControl } from '../../../src/cli/osKernel/roomControl';

const PAGE = 4096;

describe('the room control', () => {
  it('starts at what is held before the array is touched, plus the room', () => {
    const control = new RoomControl(1000 * PAGE, PAGE);
    expect(control.start(184_320)).toBe(184_320 + 1000 * PAGE);
  });

  it('follows the median of what is held besides the resident array, not one odd sample', () => {
    const control = new RoomControl(1000 * PAGE, PAGE);
    control.start(45 * PAGE);
    // A per-CPU batch of 64 pages is charged ahead of use: 109 pages besides 900 resident.
    // The median of 45 and 109 pages, then of 45, 109, 109; then it stays.
    expect(control.sample(1009 * PAGE, 900)).toBe(1077 * PAGE);
    control.accept(1077 * PAGE);
    expect(control.sample(1009 * PAGE, 900)).toBe(1109 * PAGE);
    control.accept(1109 * PAGE);
    expect(control.sample(1009 * PAGE, 900)).toBeNull();
    // One odd sample (reclaim in flight) moves nothing.
    expect(control.sample(2000 * PAGE, 900)).toBeNull();
    const stats = control.stats();
    expect(stats.besides).toEqual({ atStart: 45 * PAGE, median: 109 * PAGE, max: 1100 * PAGE });
    expect(stats.limit).toEqual({ min: 1045 * PAGE, max: 1109 * PAGE });
  });

  it('keeps the limit it had when the group refused a new one', () => {
    const control = new RoomControl(100 * PAGE, PAGE);
    control.start(10 * PAGE);
    // Proposed, never accepted (the kernel answered EBUSY): proposed again, the stats unchanged.
    expect(control.sample(150 * PAGE, 100)).toBe(130 * PAGE); // the median of 10 and 50, + 100
    expect(control.sample(150 * PAGE, 100)).toBe(150 * PAGE);
    expect(control.stats().limit).toEqual({ min: 110 * PAGE, max: 110 * PAGE });
  });

  it('moves only by steps of at least a few pages, and skips a sample without a charge', () => {
    const control = new RoomControl(100 * PAGE, PAGE);
    control.start(40 * PAGE);
    for (let i = 0; i < 7; i++)
      expect(control.sample((40 + CONTROL_STEP_PAGES - 1 + 80) * PAGE, 80)).toBeNull();
    expect(control.sample(-1, 80)).toBeNull();
    expect(control.stats().besides.median).toBe((40 + CONTROL_STEP_PAGES - 1) * PAGE);
  });

  it('never counts the array as held besides it', () => {
    const control = new RoomControl(100 * PAGE, PAGE);
    control.start(10 * PAGE);
    // Charge below the resident pages (read a moment apart): besides is 0, not negative.
    for (let i = 0; i < 7; i++) {
      const proposal = control.sample(50 * PAGE, 60);
      if (proposal !== null) control.accept(proposal);
    }
    expect(control.stats().besides.median).toBe(0);
    expect(control.stats().limit.min).toBe(100 * PAGE);
  });
});
