// The video export's two formats and the encoder settings of each, in one place, so that what
// capabilities.ts asks the browser is what the recorder then encodes: WebM with VP8 (every
// browser that has WebCodecs encodes it) and MP4 with H.264 (which slide software plays
// everywhere, but which a browser built without proprietary codecs may not encode).

/** The video's size: what a projector shows. */
export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
/** Bits per second: crisp text and grids at 1280×720. */
export const VIDEO_BITRATE = 2_500_000;

export type VideoFormat = 'webm' | 'mp4';

/** What the page calls each format, the file's extension and its MIME type. */
export const VIDEO_FORMATS: Record<
  VideoFormat,
  { label: string; extension: string; mime: string }
> = {
  webm: { label: 'WebM', extension: 'webm', mime: 'video/webm' },
  mp4: { label: 'MP4', extension: 'mp4', mime: 'video/mp4' },
};

/** The WebM file's encoder: VP8 at the video's size. */
export const VP8_CONFIG: VideoEncoderConfig = {
  codec: 'vp8',
  width: VIDEO_WIDTH,
  height: VIDEO_HEIGHT,
  bitrate: VIDEO_BITRATE,
};

/**
 * The H.264 codec strings an MP4 may use, best first: High, Main and Constrained Baseline
 * profiles (`avc1.PPCCLL`: profile, constraint flags, level in hex), all at level 3.1 (0x1f),
 * whose largest frame is 3,600 macroblocks of 16×16, exactly 1280×720. Some software encoders
 * have the baseline profile only, so each is asked in turn.
 */
export const H264_CODECS = ['avc1.64001f', 'avc1.4d001f', 'avc1.42e01f'] as const;

/** The MP4 file's encoder for one H.264 codec string; `avc` format: the MP4 way (no start codes). */
export function h264Config(codec: string): VideoEncoderConfig {
  return {
    codec,
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    bitrate: VIDEO_BITRATE,
    avc: { format: 'avc' },
  };
}
