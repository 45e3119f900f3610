// One frame of the video export drawn on a 1280×720 canvas: a header naming the step and the
// operation, then each side in its half (title, counters, page grid, memory strip, tree and
// sentence), in the page's theme colours.

import { svgFile } from '../../view/charts/svgExport';
import type { VideoContents } from './videoContents';
import { VIDEO_HEIGHT, VIDEO_WIDTH } from './videoFormat';

/** One frame: a header, then each side in its half (title, counters, grid, strip, tree, sentence). */
export async function drawFrame(
  ctx: CanvasRenderingContext2D,
  frame: VideoContents,
  step: number,
): Promise<void> {
  const background = readColour('--bg');
  const ink = readColour('--ink');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'top';
  ctx.font = '700 26px "DejaVu Sans", sans-serif';
  ctx.fillText('B-Heap Lab', 24, 16);
  ctx.font = '20px "DejaVu Sans", sans-serif';
  ctx.fillText(`step ${step} · ${frame.operation}`, 220, 20);
  const half = VIDEO_WIDTH / 2;
  for (let s = 0; s < frame.sides.length; s++) {
    const side = frame.sides[s];
    const x = s * half + 24;
    const width = half - 48;
    ctx.fillStyle = ink;
    ctx.font = '700 24px "DejaVu Sans", sans-serif';
    ctx.fillText(side.title, x, 64);
    ctx.font = '18px "DejaVu Sans", sans-serif';
    ctx.fillText(side.counters, x, 96);
    let y = 128;
    y = drawScaled(ctx, side.grid, x, y, width, 150) + 12;
    y = drawScaled(ctx, side.strip, x, y, width, 40) + 12;
    if (side.tree !== null) y = (await drawSvg(ctx, side.tree, x, y, width, 560 - y)) + 12;
    ctx.fillStyle = ink;
    ctx.font = '17px "DejaVu Sans", sans-serif';
    wrapText(ctx, side.sentence, x, Math.max(y, 590), width, 22, 5);
  }
}

/** Draws `source` scaled to fit width × at most maxHeight; returns the y below it. */
function drawScaled(
  ctx: CanvasRenderingContext2D,
  source: HTMLCanvasElement | null,
  x: number,
  y: number,
  width: number,
  maxHeight: number,
): number {
  if (source === null || source.width === 0 || source.height === 0) return y;
  const scale = Math.min(width / source.width, maxHeight / source.height);
  const h = source.height * scale;
  ctx.drawImage(source, x, y, source.width * scale, h);
  return y + h;
}

/** Draws an SVG as the page shows it (its computed styles written onto a copy). */
async function drawSvg(
  ctx: CanvasRenderingContext2D,
  svg: SVGSVGElement,
  x: number,
  y: number,
  width: number,
  maxHeight: number,
): Promise<number> {
  const box = svg.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || maxHeight <= 20) return y;
  const text = svgFile(svg, {
    label: 'tree',
    width: box.width,
    height: box.height,
    leaveOut: 'tv-noexport',
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = Math.min(width / box.width, maxHeight / box.height);
    ctx.drawImage(image, x, y, box.width * scale, box.height * scale);
    return y + box.height * scale;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function wrapText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  width: number,
  lineHeight: number,
  maxLines: number,
): void {
  const words = text.split(' ');
  let line = '';
  let lines = 0;
  for (const word of words) {
    const next = line === '' ? word : `${line} ${word}`;
    if (ctx.measureText(next).width > width && line !== '') {
      ctx.fillText(line, x, y + lines * lineHeight);
      lines++;
      line = word;
      if (lines === maxLines) return;
    } else line = next;
  }
  if (line !== '') ctx.fillText(line, x, y + lines * lineHeight);
}

/** A theme colour as the page shows it now (tokens may be light-dark(), which a canvas cannot read). */
function readColour(variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}
