// What the phone's journeys share: fingers on the screen sent as the browser's own input
// (Chrome's DevTools protocol, so the page sees real pointer events), and the story's reading
// line as the page lays it out, with a scroll that brings a scene's words to it.
import type { CDPSession, Page } from '@playwright/test';

export type Point = { x: number; y: number };

/**
 * Moves fingers from `from` to `to` (one point per finger) in `moves` moves, then lifts them one
 * at a time, the first finger first: the last one to lift has moved too.
 */
export async function touch(
  cdp: CDPSession,
  from: readonly Point[],
  to: readonly Point[],
  moves = 10,
): Promise<void> {
  const at = (share: number) =>
    from.map((start, id) => ({
      id,
      x: start.x + ((to[id] as Point).x - start.x) * share,
      y: start.y + ((to[id] as Point).y - start.y) * share,
    }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let move = 1; move <= moves; move += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(move / moves),
    });
  }
  const last = at(1);
  for (let lifted = 1; lifted <= last.length; lifted += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchEnd',
      touchPoints: last.slice(lifted),
    });
  }
}

/**
 * The story's reading line (px from the screen's top), as the page lays it out: just under the
 * sticky figure held upright, near the top beside it held sideways.
 */
export function readingLine(page: Page): Promise<number> {
  return page.evaluate(() => {
    const story = document.querySelector('.tour-story');
    if (document.documentElement.dataset.layout === 'phone-landscape') {
      return Math.round(window.innerHeight * 0.04);
    }
    let bottom = 0;
    for (const element of story?.parentElement?.children ?? []) {
      if (element === story || !(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      if (style.position !== 'sticky' || style.display === 'none') continue;
      bottom = Math.max(bottom, (Number.parseFloat(style.top) || 0) + element.offsetHeight);
    }
    return bottom + 8;
  });
}

/** Scrolls scene `scene`'s words to the reading line a reader sees now, as a reader would. */
export async function scrollWordsToLine(page: Page, scene: number): Promise<void> {
  const line = await readingLine(page);
  await page.evaluate(
    ([at, band]) => {
      const section = document.querySelector(`[data-testid="story-scene-${at}"]`);
      if (section === null) return;
      const top = section.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - band, behavior: 'instant' });
    },
    [scene, line] as const,
  );
}
