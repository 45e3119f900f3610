// A scene change watched frame by frame: from the first frame whose title names the new scene, the
// figure on screen is the new scene's (the one it settles on) or a placeholder, never the one
// before it. The figure is known by what the page writes beside it: the sides' operation line,
// the curves' readout, and which figure (sides, curves, scaling, machine) is visible at all.
import type { Page } from '@playwright/test';

/** What one frame shows. */
export interface FrameShown {
  /** ms since the change was asked for. */
  at: number;
  title: string;
  /** The figures visible: 'sides', 'curves', 'scaling', 'machine'. */
  figures: string[];
  /** The sides' operation lines, as drawn (whether or not visible). */
  ops: string;
  /** The curves' readout, as drawn. */
  readout: string;
}

declare global {
  interface Window {
    sceneFrames?: FrameShown[];
    sceneWatchStop?: () => void;
  }
}

/** Starts writing down every frame (until `stopWatching`), with its time from now. */
export async function startWatching(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown = (element: Element | null): boolean => {
      if (element === null) return false;
      const box = element.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return false;
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
        return false;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0')
          return false;
      }
      return true;
    };
    const figures: [string, string][] = [
      ['sides', '.main-column > .sides'],
      ['curves', '[data-testid="curves-chart"]'],
      ['scaling', '[data-testid="scaling-panel"] svg'],
      ['machine', '[data-testid="machine-panel"] svg'],
    ];
    const frames: FrameShown[] = [];
    const start = performance.now();
    let on = true;
    const write = (): void => {
      if (!on) return;
      frames.push({
        at: Math.round(performance.now() - start),
        title: document.querySelector('[data-testid="tour-title"]')?.textContent ?? '',
        figures: figures
          .filter(([, selector]) => [...document.querySelectorAll(selector)].some(shown))
          .map(([name]) => name),
        ops: [...document.querySelectorAll('.sides .side-op')]
          .map((line) => line.textContent ?? '')
          .join(' | '),
        readout: document.querySelector('[data-testid="curves-readout"]')?.textContent ?? '',
      });
      requestAnimationFrame(write);
    };
    requestAnimationFrame(write);
    window.sceneFrames = frames;
    window.sceneWatchStop = () => {
      on = false;
    };
  });
}

/** Stops writing and returns the frames, the last of which is the settled scene. */
export async function stopWatching(page: Page): Promise<FrameShown[]> {
  return page.evaluate(
    () =>
      new Promise<FrameShown[]>((done) =>
        // One more frame, so the last frame written is the page as it settled.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            window.sceneWatchStop?.();
            done(window.sceneFrames ?? []);
          }),
        ),
      ),
  );
}

/**
 * What shows another scene's figure (empty: nothing). Every frame whose title is the settled
 * scene's shows only the settled figures, or none (a placeholder), and what it shows of them
 * reads as the settled scene does.
 */
export function staleFrames(frames: FrameShown[]): string[] {
  const settled = frames.at(-1);
  if (settled === undefined) return ['no frame written'];
  const problems: string[] = [];
  for (const frame of frames) {
    if (frame.title !== settled.title) continue;
    const wrong: string[] = [];
    for (const figure of frame.figures) {
      if (!settled.figures.includes(figure)) wrong.push(`shows ${figure}`);
    }
    if (frame.figures.includes('sides') && frame.ops !== settled.ops)
      wrong.push(`sides read "${frame.ops}", settled "${settled.ops}"`);
    if (
      frame.figures.includes('curves') &&
      frame.readout !== '' &&
      frame.readout !== settled.readout
    )
      wrong.push(
        `curves read "${frame.readout.slice(0, 70)}", settled "${settled.readout.slice(0, 70)}"`,
      );
    if (wrong.length > 0)
      problems.push(`at ${frame.at} ms under "${frame.title}": ${wrong.join('; ')}`);
  }
  return problems;
}
