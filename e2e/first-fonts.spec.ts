// The fonts the page looks up before its first frame (src/app/browser/firstFonts.generated.json)
// are exactly those the first step draws on a laptop's and a wide desktop's screens: a font
// missing from the list is looked up in the first frame's layout again (0.5-2 ms each on Linux),
// one no screen draws is looked up for nothing. With BHEAP_WRITE_FIRST_FONTS=1 the journey
// writes the lists it finds instead (after a change of type sizes in the stylesheet).
import { readFileSync, writeFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';

const LIST = new URL('../src/app/browser/firstFonts.generated.json', import.meta.url);
/** The screens of each form the lists are for, and the page's own name for that form. */
const FORMS = {
  laptop: [
    [1280, 720],
    [1366, 768],
    [1024, 768],
  ],
  wide: [
    [1920, 1080],
    [1440, 900],
  ],
} as const;
/** The entry links of issue 34's table: the first visit, scene 12, the bare lab, the article's run. */
const LINKS = [
  '/',
  '/?tour=on&scene=12',
  '/?tour=off',
  '/?items=1000000&page=512&frames=9&keys=2147483648',
];
const PIXEL_RATIO = 1;

interface FormFonts {
  text: string[];
  canvas: string[];
}

/** Every font drawn once the first step is: the text's, and what the canvases set. */
async function fontsDrawn(browser: Browser, width: number, height: number, link: string) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: PIXEL_RATIO,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const set = new Set<string>();
    Object.assign(window, { bheapCanvasFonts: set });
    const proto = CanvasRenderingContext2D.prototype;
    const font = Object.getOwnPropertyDescriptor(proto, 'font');
    if (font?.set === undefined || font.get === undefined) return;
    const { get, set: write } = font;
    Object.defineProperty(proto, 'font', {
      ...font,
      set(this: CanvasRenderingContext2D, value: string) {
        write.call(this, value);
        set.add(get.call(this));
      },
    });
  });
  await page.goto(link);
  await expect(page.getByTestId('op-label')).toHaveText(/^op [\d,]+/, { timeout: 20_000 });
  // The first screen whole, as a quiet machine draws it by its first step: every part of the
  // step (each side, then the bars: paintInParts), and a chart tab the scene opens (its code is
  // fetched a task after the tab is shown). On a busy machine the label came first, and the
  // first visit's chart fonts went missing from the wide list.
  await expect(page.locator('html[data-pending]')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(async () => {
    // A panel built from a chunk just fetched draws in its next frame.
    for (let frame = 0; frame < 2; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Written as a canvas writes a font back, so the text's and the canvases' compare.
    const context = new OffscreenCanvas(1, 1).getContext('2d');
    if (context === null) throw new Error('no OffscreenCanvas');
    const text = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element === null || (node.textContent ?? '').trim() === '') continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      text.add(context.font);
    }
    const canvas = (window as unknown as { bheapCanvasFonts: Set<string> }).bheapCanvasFonts;
    return {
      layout: document.documentElement.dataset.layout,
      text: [...text],
      canvas: [...canvas],
    };
  });
  await context.close();
  return found;
}

test('the fonts looked up before the first frame are the ones its first step draws', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const found: Record<string, FormFonts> = {};
  for (const [form, screens] of Object.entries(FORMS)) {
    const text = new Set<string>();
    const canvas = new Set<string>();
    for (const [width, height] of screens) {
      for (const link of LINKS) {
        const drawn = await fontsDrawn(browser, width, height, link);
        expect(drawn.layout, `${width}x${height} is a ${form} screen`).toBe(form);
        for (const font of drawn.text) text.add(font);
        for (const font of drawn.canvas) canvas.add(font);
      }
    }
    found[form] = { text: [...text].sort(), canvas: [...canvas].sort() };
  }
  if (process.env.BHEAP_WRITE_FIRST_FONTS === '1') {
    const lists = { canvasPixelRatio: PIXEL_RATIO, forms: found };
    writeFileSync(LIST, `${JSON.stringify(lists, null, 2)}\n`);
    return;
  }
  const lists = JSON.parse(readFileSync(LIST, 'utf8')) as {
    canvasPixelRatio: number;
    forms: Record<string, FormFonts | undefined>;
  };
  expect(lists.canvasPixelRatio).toBe(PIXEL_RATIO);
  for (const [form, fonts] of Object.entries(found)) {
    const listed = lists.forms[form] ?? { text: [], canvas: [] };
    for (const kind of ['text', 'canvas'] as const) {
      const missing = fonts[kind].filter((font) => !listed[kind].includes(font));
      const unused = listed[kind].filter((font) => !fonts[kind].includes(font));
      const again =
        'write the lists again: BHEAP_WRITE_FIRST_FONTS=1 npx playwright test e2e/first-fonts.spec.ts';
      expect.soft(missing, `${form} ${kind} fonts drawn and not listed (${again})`).toEqual([]);
      expect.soft(unused, `${form} ${kind} fonts listed and never drawn (${again})`).toEqual([]);
    }
  }
});
