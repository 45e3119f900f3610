// Scheduling around the page's frames: work that must not share a frame with what came before.

/**
 * Runs `job` in a task of its own once the next frame has been drawn: its layout reads then find
 * the page laid out, and workers it starts do not take the cores that frame needs.
 */
export function afterNextFrame(job: () => void): void {
  requestAnimationFrame(() => window.setTimeout(job, 0));
}
