// What a control needs that this browser may lack, found before the control is used, so the
// page says so in one sentence (why, and what to use instead) and disables only that control
// (issue 29). The other features the page leans on are guarded where they are used: the
// clipboard and full screen fall back quietly, and a WebAssembly kernel that cannot compile
// says why (src/core/memory/kernel/loadKernel.ts).

import { H264_CODECS, h264Config, VP8_CONFIG } from '../exports/videoFormat';

/** How long the browser may take to say whether it encodes a format before the answer counts as no. */
const ANSWER_MS = 3000;

/** The browser's video encoder as the checks see it; a test passes one that answers as another would. */
export interface VideoEncoderProbe {
  /** Whether the browser has WebCodecs' VideoEncoder and VideoFrame at all. */
  present(): boolean;
  /** Whether the encoder takes `config` (an encoder that does not answer in time does not). */
  supports(config: VideoEncoderConfig): Promise<boolean>;
}

/** This browser's encoder, asked through `VideoEncoder.isConfigSupported`. */
const BROWSER_ENCODER: VideoEncoderProbe = {
  present: () => typeof VideoEncoder !== 'undefined' && typeof VideoFrame !== 'undefined',
  supports: (config) =>
    Promise.race([
      VideoEncoder.isConfigSupported(config).then(
        (answer) => answer.supported === true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ANSWER_MS)),
    ]),
};

/** What the video export offers in this browser. */
export type VideoOffer =
  /** Nothing can be recorded; the sentence says why and where to record instead. */
  | { kind: 'refused'; reason: string }
  /** WebM only; the sentence says why there is no MP4. */
  | { kind: 'webm'; noMp4: string }
  /** WebM, and MP4 encoded with this H.264 codec string. */
  | { kind: 'webm-and-mp4'; h264: string };

const NO_WEBCODECS =
  'This browser cannot encode video (it has no WebCodecs): record the video in a current Chrome, Edge, Firefox or Safari.';
const NO_WEBKITGTK =
  'Video recording is off in this browser, whose video encoder on Linux can crash the page: record the video in Firefox or Chrome.';
const NO_VP8 =
  'This browser cannot encode VP8 video: record the video in a current Chrome, Edge or Firefox.';
const NO_H264 =
  'This browser cannot encode H.264 video, so it records WebM only: for MP4, record in Chrome, Edge or Safari.';

/**
 * What this browser can record: WebM where it encodes VP8, and MP4 too where it also encodes
 * H.264 at the video's size (the first codec string of H264_CODECS it takes). WebKitGTK (GNOME
 * Web and other Linux browsers built on Safari's engine) is refused by name: WebKitGTK 2.50 on
 * Debian 12 has the encoder, but configuring it crashes the page's process (its GStreamer fails
 * to start), and even asking whether a codec is supported does, so it cannot be detected by
 * trying.
 */
export async function videoOffer(
  userAgent: string = navigator.userAgent,
  encoder: VideoEncoderProbe = BROWSER_ENCODER,
): Promise<VideoOffer> {
  const refused = videoRefusal(userAgent, encoder);
  if (refused !== null) return refused;
  // Asked all at once: a browser that never answers costs one ANSWER_MS, not four.
  const [vp8, ...h264] = await Promise.all(
    [VP8_CONFIG, ...H264_CODECS.map(h264Config)].map((config) => encoder.supports(config)),
  );
  if (!vp8) return { kind: 'refused', reason: NO_VP8 };
  const codec = H264_CODECS.find((_, index) => h264[index]);
  return codec === undefined
    ? { kind: 'webm', noMp4: NO_H264 }
    : { kind: 'webm-and-mp4', h264: codec };
}

/**
 * The refusal known without asking the encoder (no WebCodecs, or WebKitGTK), else null: cheap
 * enough to say as the page opens, where asking the encoder starts the browser's media stack.
 */
export function videoRefusal(
  userAgent: string = navigator.userAgent,
  encoder: Pick<VideoEncoderProbe, 'present'> = BROWSER_ENCODER,
): VideoOffer | null {
  if (!encoder.present()) return { kind: 'refused', reason: NO_WEBCODECS };
  if (isWebKitGtk(userAgent)) return { kind: 'refused', reason: NO_WEBKITGTK };
  return null;
}

/**
 * WebKitGTK's user agent: WebKit on Linux that is neither Chrome nor Edge (whose user agents also
 * say AppleWebKit) nor Android. Safari on a Mac or an iPad says Macintosh, iPad or iPhone instead.
 */
export function isWebKitGtk(userAgent: string): boolean {
  return (
    /\bLinux\b/.test(userAgent) &&
    /\bAppleWebKit\//.test(userAgent) &&
    // No \b before the names: headless Chrome says HeadlessChrome/.
    !/(Chrome|Chromium|CriOS|Edg)\/|Android/.test(userAgent)
  );
}
