// Records a step range as a video file, in this browser. Loaded only when a video is first
// recorded (videoExport.ts imports it on demand), so Mediabunny is not in the page's first
// bundle. Each step is drawn into one frame (videoFrame.ts), encoded by the browser's own
// encoder (WebCodecs: VP8 for WebM, H.264 for MP4) and put in the file by Mediabunny, with exact
// timestamps: the file lasts steps ÷ speed seconds, however long the encoding took.

import {
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  Quality,
  type VideoEncodingConfig,
  WebMOutputFormat,
} from 'mediabunny';
import type { VideoPage } from './videoContents';
import {
  VIDEO_BITRATE,
  VIDEO_FORMATS,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  type VideoFormat,
} from './videoFormat';
import { drawFrame } from './videoFrame';

/** Steps between key frames: where a player can start when the video is scrubbed. */
const KEY_FRAME_STEPS = 50;

/** A recording: the step range, its speed and the file's format. */
export interface VideoRequest {
  from: number;
  steps: number;
  /** Steps per second of video. */
  speed: number;
  format: VideoFormat;
  /** The H.264 codec string the browser said it encodes (capabilities.ts); MP4 only. */
  h264: string | null;
}

/** What the recorder tells the controls between frames, and asks them. */
interface RecordingWatch {
  /** `done` of `steps` frames are encoded or queued. */
  progress(done: number, steps: number): void;
  /** Whether Cancel was pressed. */
  cancelled(): boolean;
}

/** The frames of the range, encoded and put in a file; null when cancelled. */
export async function recordVideo(
  request: VideoRequest,
  page: VideoPage,
  watch: RecordingWatch,
): Promise<Blob | null> {
  const { from, steps, speed, format } = request;
  const canvas = document.createElement('canvas');
  canvas.width = VIDEO_WIDTH;
  canvas.height = VIDEO_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2D canvas');
  const target = new BufferTarget();
  const output = new Output({
    // MP4's index goes before the frames ("fast start"): players start without reading to the end.
    format:
      format === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target,
  });
  const source = new CanvasSource(canvas, encoding(request));
  // One frame per step: the frame rate is the speed, and every timestamp is a multiple of a step.
  output.addVideoTrack(source, { frameRate: speed });
  try {
    await output.start();
    for (let i = 0; i < steps; i++) {
      if (watch.cancelled()) {
        await output.cancel();
        return null;
      }
      page.showStep(from + i + 1);
      await drawFrame(ctx, page.videoContents(), from + i + 1);
      // Seconds: the timestamps, not the encoding time, set the video's length. Waiting for
      // add() lets a full encoder queue drain before the next frame is drawn.
      await source.add(i / speed, 1 / speed);
      watch.progress(i + 1, steps);
      // Between frames the page gets its turn (the progress bar, Cancel).
      await pause(0);
    }
    await output.finalize();
  } catch (error) {
    // The encoder is released; the error that stopped the recording is the one reported.
    await output.cancel().catch(() => undefined);
    throw error;
  }
  if (target.buffer === null) throw new Error('the file was not written');
  return new Blob([target.buffer], { type: VIDEO_FORMATS[format].mime });
}

/** The encoder's settings: VP8 for WebM, the H.264 profile the browser takes for MP4. */
function encoding(request: VideoRequest): VideoEncodingConfig {
  const common = {
    quality: new Quality({ bitrate: VIDEO_BITRATE }),
    keyFrameInterval: KEY_FRAME_STEPS / request.speed,
  };
  if (request.format === 'webm') return { codec: 'vp8', ...common };
  if (request.h264 === null) throw new Error('this browser cannot encode H.264 video');
  return { codec: 'avc', fullCodecString: request.h264, ...common };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}
