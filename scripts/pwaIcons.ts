// Draws the web app manifest's PNG icons (public/icons/) from public/favicon.svg in headless
// Chromium: `npx tsx scripts/pwaIcons.ts` after the favicon changes. The PNGs are committed, so
// neither the build nor the tests run this.
import { mkdirSync, readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../e2e/engines/browsers';

const SVG = readFileSync('public/favicon.svg', 'utf8');
const BACKGROUND = '#1f4e79';

/** An icon: its file, its size in pixels and how much of it the favicon fills. */
interface Icon {
  file: string;
  size: number;
  /** Share of the side the favicon takes; below 1 the rest is the favicon's background. */
  scale: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  // A maskable icon keeps its content in the middle 80% (the safe zone of the W3C manifest spec).
  { file: 'maskable-512.png', size: 512, scale: 0.76 },
  // iOS rounds the corners itself and shows no transparency.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86 },
];

const browser = await puppeteer.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  mkdirSync('public/icons', { recursive: true });
  for (const icon of ICONS) {
    await page.setViewport({ width: icon.size, height: icon.size });
    const inner = Math.round(icon.size * icon.scale);
    const fill = icon.scale < 1 ? BACKGROUND : 'transparent';
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${fill}">` +
        `<img style="width:${inner}px;height:${inner}px" src="data:image/svg+xml,${encodeURIComponent(SVG)}"></body>`,
    );
    await page.screenshot({
      path: `public/icons/${icon.file}`,
      omitBackground: fill === 'transparent',
    });
    console.log(`public/icons/${icon.file}: ${icon.size} px`);
  }
} finally {
  await browser.close();
}
