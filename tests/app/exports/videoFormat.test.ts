// The video export's encoder settings: every H.264 codec string it may ask for admits the
// video's frame size and bitrate, so an MP4 the check offers is one the encoder may make.
import { describe, expect, it } from 'vitest';
import {
  H264_CODECS,
  h264Config,
  VIDEO_BITRATE,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
} from '../../../src/app/exports/videoFormat';

/**
 * H.264's levels as ITU-T H.264 Table A-1 gives them: the largest frame in 16×16 macroblocks
 * and the largest bitrate (Baseline and Main; High allows 1.25 times as much).
 */
const LEVELS: Record<number, { frameMacroblocks: number; bitrate: number }> = {
  30: { frameMacroblocks: 1_620, bitrate: 10_000_000 },
  31: { frameMacroblocks: 3_600, bitrate: 14_000_000 },
  32: { frameMacroblocks: 5_120, bitrate: 20_000_000 },
  40: { frameMacroblocks: 8_192, bitrate: 20_000_000 },
};
const PROFILES: Record<number, string> = { 66: 'Baseline', 77: 'Main', 100: 'High' };

describe('the H.264 codec strings the MP4 may use', () => {
  it('are avc1.PPCCLL with a known profile, best first, and a level that fits 1280×720 at the bitrate', () => {
    const profiles = H264_CODECS.map((codec) => {
      const match = /^avc1\.([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(codec);
      expect(match, codec).not.toBeNull();
      const [profile, , level] = (match ?? []).slice(1).map((hex) => Number.parseInt(hex, 16));
      const limits = LEVELS[level];
      expect(limits, `${codec}: a level in the table`).toBeDefined();
      const macroblocks = Math.ceil(VIDEO_WIDTH / 16) * Math.ceil(VIDEO_HEIGHT / 16);
      expect(macroblocks).toBeLessThanOrEqual(limits.frameMacroblocks);
      expect(VIDEO_BITRATE).toBeLessThanOrEqual(limits.bitrate);
      return PROFILES[profile];
    });
    expect(profiles).toEqual(['High', 'Main', 'Baseline']);
  });

  it('are asked at the video’s size and bitrate, in MP4’s own format (no start codes)', () => {
    for (const codec of H264_CODECS) {
      expect(h264Config(codec)).toEqual({
        codec,
        width: VIDEO_WIDTH,
        height: VIDEO_HEIGHT,
        bitrate: VIDEO_BITRATE,
        avc: { format: 'avc' },
      });
    }
  });
});
