// "Record video": the video export's controls in the Step tab, a step range, a speed and a
// format (WebM, or MP4 where the browser encodes H.264: capabilities.ts), with the button,
// progress and Cancel. The recorder (videoRecorder.ts, with Mediabunny) is loaded when a video
// is first recorded, so the page's first bundle does not carry it.

import { errorText } from '../../core/errorText';
import { type VideoOffer, videoOffer, videoRefusal } from '../browser/capabilities';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';
import { loadOnce } from '../browser/loadOnce';
import type { VideoPage } from './videoContents';
import { VIDEO_FORMATS, type VideoFormat } from './videoFormat';
import type { VideoRequest } from './videoRecorder';

export type { VideoContents, VideoSide } from './videoContents';

/** Most steps one recording takes (a minute and a half at 10 steps a second). */
const VIDEO_MAX_STEPS = 900;

interface VideoHost extends VideoPage {
  /** The step now, the last step, and the speed playback is set to (steps per second). */
  step(): number;
  totalSteps(): number;
  speed(): number;
}

type Recorder = typeof import('./videoRecorder');

export class VideoExport {
  readonly root: HTMLElement;
  private readonly from: HTMLInputElement;
  private readonly count: HTMLInputElement;
  private readonly speed: HTMLInputElement;
  private readonly formats: Record<VideoFormat, HTMLInputElement>;
  /** Beside the format choice: why there is no MP4, where there is none. */
  private readonly formatNote: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly cancel: HTMLButtonElement;
  private readonly progress: HTMLProgressElement;
  private readonly status: HTMLElement;
  private running = false;
  /** The browser's answer on what it can record, once asked. */
  private asked: Promise<void> | null = null;
  private cancelled = false;
  /** The H.264 codec string the browser encodes, once it has said so; null before or without. */
  private h264: string | null = null;
  /** The recorder's module, loaded at the first recording (again after a failed load). */
  private readonly recorder = loadOnce((): Promise<Recorder> => import('./videoRecorder'));

  constructor(private readonly host: VideoHost) {
    const number = (testId: string, value: string, min: string): HTMLInputElement =>
      el('input', { type: 'number', min, step: '1', value, 'data-testid': testId });
    this.from = number('video-from', '0', '0');
    this.count = number('video-steps', '100', '1');
    this.speed = number('video-speed', '10', '1');
    const radio = (format: VideoFormat): HTMLInputElement =>
      el('input', {
        type: 'radio',
        name: 'video-format',
        value: format,
        'data-testid': `video-format-${format}`,
      });
    this.formats = { webm: radio('webm'), mp4: radio('mp4') };
    this.formats.webm.checked = true;
    // MP4 waits for the browser to say it encodes H.264.
    this.formats.mp4.disabled = true;
    this.formatNote = el('p', {
      class: 'export-status',
      id: 'video-format-note',
      'data-testid': 'video-format-note',
    });
    this.formats.mp4.setAttribute('aria-describedby', this.formatNote.id);
    this.button = el('button', { type: 'button', 'data-testid': 'export-video' });
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
      el('fieldset', { class: 'video-format' }, [
        el('legend', {}, ['format']),
        el('label', {}, [this.formats.webm, VIDEO_FORMATS.webm.label]),
        el('label', {}, [this.formats.mp4, VIDEO_FORMATS.mp4.label]),
      ]),
      this.formatNote,
      el('div', { class: 'video-actions' }, [this.button, this.cancel, this.progress]),
      this.status,
    ]);
    this.nameButton();
    for (const input of Object.values(this.formats)) {
      input.addEventListener('change', () => this.nameButton());
    }
    this.button.addEventListener('click', () => {
      void this.record();
    });
    this.cancel.addEventListener('click', () => {
      this.cancelled = true;
    });
    // What this browser can record is said before the button is pressed (capabilities.ts), as
    // soon as a visitor comes near the controls: asking the encoder starts the browser's media
    // stack, a long task on a phone, which the page's first second must not pay for.
    const refused = videoRefusal();
    if (refused !== null) {
      this.offer(refused);
      this.asked = Promise.resolve();
    }
    for (const event of ['pointerenter', 'focusin', 'touchstart']) {
      this.root.addEventListener(event, () => void this.askOffer(), { once: true, passive: true });
    }
  }

  /** Asks the browser once what it can record, and offers it. */
  private askOffer(): Promise<void> {
    this.asked ??= videoOffer().then((offer) => this.offer(offer));
    return this.asked;
  }

  /** The range starts at the current step and plays at the current speed unless changed. */
  sync(): void {
    if (this.running) return;
    if (document.activeElement !== this.from) this.from.value = String(this.host.step());
    if (document.activeElement !== this.speed) this.speed.value = String(this.host.speed());
  }

  /** Offers what the browser can record: nothing (and why), WebM (and why no MP4), or both. */
  private offer(offer: VideoOffer): void {
    if (offer.kind === 'refused') {
      this.button.disabled = true;
      this.formats.webm.disabled = true;
      setText(this.status, offer.reason);
    } else if (offer.kind === 'webm') {
      setText(this.formatNote, offer.noMp4);
    } else {
      this.h264 = offer.h264;
      this.formats.mp4.disabled = false;
    }
  }

  private format(): VideoFormat {
    return this.formats.mp4.checked ? 'mp4' : 'webm';
  }

  private nameButton(): void {
    setText(this.button, `Record video (${VIDEO_FORMATS[this.format()].label})`);
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
    await this.askOffer();
    if (this.button.disabled) return;
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
    const request: VideoRequest = { ...settings, format: this.format(), h264: this.h264 };
    const back = this.host.step();
    this.running = true;
    this.cancelled = false;
    this.cancel.hidden = false;
    this.progress.hidden = false;
    this.progress.value = 0;
    this.button.disabled = true;
    setText(this.status, 'Preparing the recording…');
    try {
      const { recordVideo } = await this.recorder();
      const blob = await recordVideo(request, this.host, {
        progress: (done, steps) => {
          this.progress.value = done / steps;
          setText(this.status, `Recording step ${done} of ${steps}…`);
        },
        cancelled: () => this.cancelled,
      });
      if (blob === null) setText(this.status, 'Cancelled: nothing saved.');
      else {
        const extension = VIDEO_FORMATS[request.format].extension;
        saveFile(blob, `bheap-steps-${request.from}-${request.from + request.steps}.${extension}`);
        setText(
          this.status,
          `Saved ${request.steps} steps, ${(request.steps / request.speed).toFixed(1)} s of video.`,
        );
      }
    } catch (error) {
      setText(this.status, `Recording failed: ${errorText(error)}`);
    } finally {
      this.running = false;
      this.cancel.hidden = true;
      this.progress.hidden = true;
      this.button.disabled = false;
      this.host.showStep(back);
    }
  }
}
