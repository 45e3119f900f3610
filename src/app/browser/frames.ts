// Scheduling around the page's frames: work that must not share a frame with what came before.

/**
 * Runs `job` in a task of its own once the next frame has been drawn: its layout reads then find
 * the page laid out, and workers it starts do not take the cores that frame needs.
 */
export function afterNextFrame(job: () => void): void {
  requestAnimationFrame(() => window.setTimeout(job, 0));
}

/**
 * The value, a task later: a step of the boot or of a panel's loading that would make one long
 * task with the step before it goes into a task of its own.
 */
export function afterTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}
