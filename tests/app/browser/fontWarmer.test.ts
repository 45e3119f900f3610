import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FontProbe, FontWarmer } from '../../../src/app/browser/fontWarmer';

/** A probe that notes each font it measured text in, and in which task. */
function recordingProbe(): FontProbe & { measured: string[] } {
  const probe = {
    font: '',
    measured: [] as string[],
    measureText(): unknown {
      probe.measured.push(probe.font);
      return {};
    },
  };
  return probe;
}

/** Each slice in a timer's task, which the fake clock runs one by one. */
const timerTask = (job: () => void): void => void setTimeout(job, 0);

const FONTS = ['400 11px A', '650 15px A', 'italic 400 12px A', '700 13px B', '400 10px C'];

describe('FontWarmer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('measures text in every font, a few per task, none in the task that made it', () => {
    const probe = recordingProbe();
    const warmer = new FontWarmer(FONTS, 2, probe, timerTask);
    expect(probe.measured).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(probe.measured).toEqual(FONTS.slice(0, 2));
    vi.advanceTimersToNextTimer();
    expect(probe.measured).toEqual(FONTS.slice(0, 4));
    expect(warmer.warm).toBe(false);
    vi.advanceTimersToNextTimer();
    expect(probe.measured).toEqual(FONTS);
    expect(warmer.warm).toBe(true);
  });

  it('holds jobs until the last font is measured, in the order they came, then runs new ones at once', () => {
    const probe = recordingProbe();
    const warmer = new FontWarmer(FONTS, 3, probe, timerTask);
    const ran: string[] = [];
    warmer.whenWarm(() => ran.push(`first after ${probe.measured.length}`));
    warmer.whenWarm(() => ran.push(`second after ${probe.measured.length}`));
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first after 5', 'second after 5']);
    warmer.whenWarm(() => ran.push('later'));
    expect(ran.at(-1)).toBe('later');
  });

  it('is warm at once with no fonts, or with nothing to measure with', () => {
    const probe = recordingProbe();
    for (const warmer of [
      new FontWarmer([], 2, probe, timerTask),
      new FontWarmer(FONTS, 2, null, timerTask),
    ]) {
      let ran = false;
      warmer.whenWarm(() => {
        ran = true;
      });
      expect(warmer.warm).toBe(true);
      expect(ran).toBe(true);
    }
    vi.runAllTimers();
    expect(probe.measured).toEqual([]);
  });

  it('measures at least one font a task, whatever it is asked', () => {
    const probe = recordingProbe();
    const warmer = new FontWarmer(FONTS.slice(0, 2), 0, probe, timerTask);
    vi.advanceTimersToNextTimer();
    expect(probe.measured).toEqual(FONTS.slice(0, 1));
    vi.runAllTimers();
    expect(warmer.warm).toBe(true);
  });

  it('runs its jobs by the deadline when its tasks never come, and looks nothing up after', () => {
    const probe = recordingProbe();
    const stalled: (() => void)[] = [];
    const warmer = new FontWarmer(FONTS, 2, probe, (job) => stalled.push(job), 300);
    let ran = false;
    warmer.whenWarm(() => {
      ran = true;
    });
    vi.advanceTimersByTime(299);
    expect(ran).toBe(false);
    vi.advanceTimersByTime(1);
    expect(ran).toBe(true);
    expect(warmer.warm).toBe(true);
    // A task that comes after all measures nothing: the page lays its text out by now.
    for (const job of stalled.splice(0)) job();
    expect(probe.measured).toEqual([]);
  });

  it('leaves no deadline behind once every font is looked up', () => {
    const warmer = new FontWarmer(FONTS, 5, recordingProbe(), timerTask, 300);
    vi.advanceTimersToNextTimer();
    expect(warmer.warm).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
