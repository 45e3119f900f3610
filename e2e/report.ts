// What the e2e performance reports share: how a list of durations is summed up, and how a
// run of autoplay is timed (frames between two clicks of Play, counted in the page).
import type { Page } from '@playwright/test';

/** Median, p95 and max of durations in ms. */
export function summary(values: number[]): string {
  if (values.length === 0) return 'n/a';
  const sorted = [...values].sort((a, b) => a - b);
  const pick = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${pick(0.5).toFixed(2)} ms, p95 ${pick(0.95).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (n=${values.length})`;
}

/** Plays for `frames` animation frames and returns their timestamps (Play clicked twice). */
export async function autoplayFrames(page: Page, frames: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const play = document.querySelector<HTMLButtonElement>('[data-testid="play"]');
    play?.click();
    const stamps: number[] = [];
    await new Promise<void>((resolve) => {
      const tick = (time: number): void => {
        stamps.push(time);
        if (stamps.length < count) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    play?.click();
    return stamps;
  }, frames);
}

/** Frames per second over a run of timestamps, and the seconds it took. */
export function frameRate(stamps: number[]): { fps: number; seconds: number } {
  const seconds = (stamps[stamps.length - 1] - stamps[0]) / 1000;
  return { fps: (stamps.length - 1) / seconds, seconds };
}
