// "Record video": a step range of both sides as a WebM file, made in this browser. Each step is
// drawn into one frame (the two sides' titles, counters, page grids, memory strips, trees and
// sentences), encoded with the browser's own VP8 encoder (WebCodecs) and put in a WebM file by
// webm-muxer, with exact timestamps: the file lasts steps ÷ speed seconds, however long the
// encoding took. Frames are made a few at a time between tasks, with progress and Cancel.

import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { svgFile } from '../../view/charts/svgExport';
import { videoRecordingRefusal } from '../browser/capabilities';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';

/** The video's size: what a projector shows. */
const WIDTH = 1280;
const HEIGHT = 720;
/** Most steps one recording takes (a minute and a half at 10 steps a second). */
const VIDEO_MAX_STEPS = 900;
/** Frames waiting in the encoder before the recorder waits for it. */
const QUEUE = 6;

/** What one side looks like at the current step, read from the page. */
export interface VideoSide {
  title: string;
  counters: string;
  sentence: string;
  grid: HTMLCanvasElement | null;
  strip: HTMLCanvasElement | null;
  tree: SVGSVGElement | null;
}

/** A video frame's contents: both sides as drawn, and the line naming the operation. */
export interface VideoContents {
  sides: VideoSide[];
  operation: string;
}

interface VideoHost {
  /** The step now, the last step, and the speed playback is set to (steps per second). */
  step(): number;
  totalSteps(): number;
  speed(): number;
  /** Moves the cursor and draws the page now (the grids and trees are then current). */
  showStep(step: number): void;
  /** Both sides as drawn, and the line naming the operation. */
  videoContents(): VideoContents;
}

export class VideoExport {
  readonly root: HTMLElement;
  private readonly from: HTMLInputElement;
  private readonly count: HTMLInputElement;
  private readonly speed: HTMLInputElement;
  private readonly button: HTMLButtonElement;
  private readonly cancel: HTMLButtonElement;
  private readonly progress: HTMLProgressElement;
  private readonly status: HTMLElement;
  private running = false;
  private cancelled = false;

  constructor(private readonly host: VideoHost) {
    const number = (testId: string, value: string, min: string): HTMLInputElement =>
      el('input', { type: 'number', min, step: '1', value, 'data-testid': testId });
    this.from = number('video-from', '0', '0');
    this.count = number('video-steps', '100', '1');
    this.speed = number('video-speed', '10', '1');
    this.button = el('button', { type: 'button', 'data-testid': 'export-video' }, [
      'Record video (WebM)',
    ]);
    this.cancel = el('button', { type: 'button', 'data-testid': 'video-cancel', hidden: '' }, [
      'Cancel',
    ]);
    this.progress = el('progress', { max: '1', value: '0', hidden: '' });
    this.status = el('p', {
      class: 'export-status',
      role: 'status',
      'data-testid': 'video-status',
    });
    this.root = el('div', { class: 'video-export' }, [
      el('div', { class: 'video-fields' }, [
        el('label', {}, ['from step ', this.from]),
        el('label', {}, ['steps ', this.count]),
        el('label', {}, ['steps/s ', this.speed]),
      ]),
      el('div', { class: 'video-actions' }, [this.button, this.cancel, this.progress]),
      this.status,
    ]);
    this.button.addEventListener('click', () => {
      void this.record();
    });
    this.cancel.addEventListener('click', () => {
      this.cancelled = true;
    });
    // A browser that cannot record says so before the button is pressed (capabilities.ts).
    void videoRecordingRefusal().then((reason) => {
      if (reason === null) return;
      this.button.disabled = true;
      setText(this.status, reason);
    });
  }

  /** The range starts at the current step and plays at the current speed unless changed. */
  sync(): void {
    if (this.running) return;
    if (document.activeElement !== this.from) this.from.value = String(this.host.step());
    if (document.activeElement !== this.speed) this.speed.value = String(this.host.speed());
  }

  private settings(): { from: number; steps: number; speed: number } | string {
    const total = this.host.totalSteps();
    const from = Number(this.from.value);
    const steps = Number(this.count.value);
    const speed = Number(this.speed.value);
    if (!Number.isInteger(from) || from < 0 || from >= total)
      return `from step must be a whole number from 0 to ${total - 1}`;
    if (!Number.isInteger(steps) || steps < 1 || steps > VIDEO_MAX_STEPS)
      return `steps must be a whole number from 1 to ${VIDEO_MAX_STEPS}`;
    if (!Number.isFinite(speed) || speed < 1 || speed > 1000)
      return 'steps/s must be from 1 to 1000';
    return { from, steps: Math.min(steps, total - from), speed };
  }

  private async record(): Promise<void> {
    if (this.running) return;
    const settings = this.settings();
    if (typeof settings === 'string') {
      setText(this.status, settings);
      return;
    }
    if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') {
      setText(
        this.status,
        'This browser cannot encode video (WebCodecs): use a current Chrome, Edge, Firefox or Safari.',
      );
      return;
    }
    const back = this.host.step();
    this.running = true;
    this.cancelled = false;
    this.cancel.hidden = false;
    this.progress.hidden = false;
    this.button.disabled = true;
    try {
      const blob = await this.encode(settings);
      if (blob === null) setText(this.status, 'Cancelled: nothing saved.');
      else {
        saveFile(blob, `bheap-steps-${settings.from}-${settings.from + settings.steps}.webm`);
        setText(
          this.status,
          `Saved ${settings.steps} steps, ${(settings.steps / settings.speed).toFixed(1)} s of video.`,
        );
      }
    } catch (error) {
      setText(this.status, `Recording failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      this.running = false;
      this.cancel.hidden = true;
      this.progress.hidden = true;
      this.button.disabled = false;
      this.host.showStep(back);
    }
  }

  /** The frames of the range, encoded and muxed; null when cancelled. */
  private async encode(settings: {
    from: number;
    steps: number;
    speed: number;
  }): Promise<Blob | null> {
    const { from, steps, speed } = settings;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2D canvas');
    const muxer = new Muxer({
      target: new ArrayBufferTarget(),
      video: { codec: 'V_VP8', width: WIDTH, height: HEIGHT, frameRate: Math.min(60, speed) },
      firstTimestampBehavior: 'offset',
    });
    let failure: Error | null = null;
    const encoder = new VideoEncoder({
      output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
      error: (error) => {
        failure = error;
      },
    });
    encoder.configure({ codec: 'vp8', width: WIDTH, height: HEIGHT, bitrate: 2_500_000 });
    // Microseconds per step: the timestamps, not the encoding time, set the video's length.
    const perStep = Math.round(1_000_000 / speed);
    for (let i = 0; i < steps; i++) {
      if (this.cancelled) {
        encoder.close();
        return null;
      }
      if (failure !== null) throw failure;
      this.host.showStep(from + i + 1);
      await drawFrame(ctx, this.host.videoContents(), from + i + 1);
      const frame = new VideoFrame(canvas, { timestamp: i * perStep, duration: perStep });
      encoder.encode(frame, { keyFrame: i % 50 === 0 });
      frame.close();
      this.progress.value = (i + 1) / steps;
      setText(this.status, `Recording step ${i + 1} of ${steps}…`);
      // Between frames the page gets its turn; a full encoder queue is waited for.
      while (encoder.encodeQueueSize > QUEUE) await pause(4);
      await pause(0);
    }
    await encoder.flush();
    encoder.close();
    if (failure !== null) throw failure;
    muxer.finalize();
    return new Blob([muxer.target.buffer], { type: 'video/webm' });
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/** One frame: a header, then each side in its half (title, counters, grid, strip, tree, sentence). */
async function drawFrame(
  ctx: CanvasRenderingContext2D,
  frame: VideoContents,
  step: number,
): Promise<void> {
  const background = readColour('--bg');
  const ink = readColour('--ink');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'top';
  ctx.font = '700 26px "DejaVu Sans", sans-serif';
  ctx.fillText('B-Heap Lab', 24, 16);
  ctx.font = '20px "DejaVu Sans", sans-serif';
  ctx.fillText(`step ${step} · ${frame.operation}`, 220, 20);
  const half = WIDTH / 2;
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
