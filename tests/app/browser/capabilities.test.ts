// What a browser lacks is said, not thrown (issue 29): the video export's refusal, the user
// agents it refuses by name, the formats it offers by what the encoder answers (MP4 where it
// encodes H.264), and a kernel that cannot compile for want of WebAssembly SIMD.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isWebKitGtk,
  type VideoEncoderProbe,
  videoOffer,
  videoRefusal,
} from '../../../src/app/browser/capabilities';
import { hasWasmSimd, kernelLoader, NO_SIMD } from '../../../src/core/memory/kernel/loadKernel';

/** User agents as these browsers send them (the WebKitGTK one from Debian 12's MiniBrowser). */
const AGENTS = {
  webkitGtk:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15',
  epiphany:
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 Epiphany/605.1.15',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  edgeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
};

describe('the browsers the video export refuses by name', () => {
  it('is WebKitGTK on Linux only: not Chrome (headless too), Edge, Android, Firefox or Safari', () => {
    const refused = Object.entries(AGENTS)
      .filter(([, agent]) => isWebKitGtk(agent))
      .map(([name]) => name);
    expect(refused).toEqual(['webkitGtk', 'epiphany']);
  });
});

describe('the video export in a browser without WebCodecs', () => {
  it('says why in one sentence and what to use instead', async () => {
    // Node has no VideoEncoder, as an old browser has none.
    expect(typeof globalThis.VideoEncoder).toBe('undefined');
    expect(await videoOffer(AGENTS.firefoxLinux)).toEqual({
      kind: 'refused',
      reason:
        'This browser cannot encode video (it has no WebCodecs): record the video in a current Chrome, Edge, Firefox or Safari.',
    });
  });
});

/** An encoder that takes the codec strings in `takes` and no other, and records what it was asked. */
function encoderTaking(
  takes: readonly string[],
): VideoEncoderProbe & { asked: VideoEncoderConfig[] } {
  const asked: VideoEncoderConfig[] = [];
  return {
    asked,
    present: () => true,
    supports: async (config) => {
      asked.push(config);
      return takes.includes(config.codec);
    },
  };
}

describe('the video formats offered, by what the encoder answers', () => {
  it('offers MP4 beside WebM where the encoder takes H.264 at 1280×720, with the first profile it takes', async () => {
    const encoder = encoderTaking(['vp8', 'avc1.64001f', 'avc1.42e01f']);
    expect(await videoOffer(AGENTS.chromeLinux, encoder)).toEqual({
      kind: 'webm-and-mp4',
      h264: 'avc1.64001f',
    });
    const h264 = encoder.asked.filter((config) => config.codec.startsWith('avc1.'));
    expect(h264.length).toBeGreaterThan(0);
    for (const config of h264) {
      expect(config).toMatchObject({ width: 1280, height: 720, avc: { format: 'avc' } });
    }
  });

  it('falls back to the baseline profile where only that one is taken', async () => {
    expect(await videoOffer(AGENTS.firefoxLinux, encoderTaking(['vp8', 'avc1.42e01f']))).toEqual({
      kind: 'webm-and-mp4',
      h264: 'avc1.42e01f',
    });
  });

  it('keeps WebM and says in one sentence why there is no MP4 where no H.264 is taken', async () => {
    const offer = await videoOffer(AGENTS.chromeLinux, encoderTaking(['vp8']));
    expect(offer).toEqual({
      kind: 'webm',
      noMp4:
        'This browser cannot encode H.264 video, so it records WebM only: for MP4, record in Chrome, Edge or Safari.',
    });
  });

  it('refuses where VP8 is not taken, even with H.264', async () => {
    expect(await videoOffer(AGENTS.safariMac, encoderTaking(['avc1.64001f']))).toEqual({
      kind: 'refused',
      reason:
        'This browser cannot encode VP8 video: record the video in a current Chrome, Edge or Firefox.',
    });
  });

  it('never asks WebKitGTK’s encoder, whose answer crashes the page', async () => {
    const encoder = encoderTaking(['vp8', 'avc1.64001f']);
    expect(await videoOffer(AGENTS.webkitGtk, encoder)).toEqual({
      kind: 'refused',
      reason:
        'Video recording is off in this browser, whose video encoder on Linux can crash the page: record the video in Firefox or Chrome.',
    });
    expect(encoder.asked).toEqual([]);
  });
});

describe('the browser’s encoder, as the offer asks it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A browser whose `VideoEncoder.isConfigSupported` answers with `answer(config)`. */
  function browserAnswering(
    answer: (config: VideoEncoderConfig) => Promise<{ supported: boolean }>,
  ) {
    vi.stubGlobal('VideoFrame', class {});
    vi.stubGlobal('VideoEncoder', { isConfigSupported: answer });
  }

  it('offers MP4 where isConfigSupported says yes to H.264', async () => {
    browserAnswering(async () => ({ supported: true }));
    expect(await videoOffer(AGENTS.chromeLinux)).toEqual({
      kind: 'webm-and-mp4',
      h264: 'avc1.64001f',
    });
  });

  it('keeps WebM only where asking about H.264 throws', async () => {
    browserAnswering(async (config) => {
      if (config.codec !== 'vp8') throw new TypeError('unknown codec');
      return { supported: true };
    });
    expect((await videoOffer(AGENTS.chromeLinux)).kind).toBe('webm');
  });

  it('keeps WebM only where H.264 gets no answer within 3 s', async () => {
    vi.useFakeTimers();
    browserAnswering((config) =>
      config.codec === 'vp8' ? Promise.resolve({ supported: true }) : new Promise(() => {}),
    );
    let offer: string | undefined;
    void videoOffer(AGENTS.chromeLinux).then((answer) => {
      offer = answer.kind;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(offer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(offer).toBe('webm');
  });
});

describe('a WebAssembly kernel in an engine without SIMD', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is detected here, where the engine has SIMD', () => {
    expect(hasWasmSimd()).toBe(true);
  });

  it('fails with the sentence saying why, not with a CompileError', () => {
    // A module this engine refuses, in an engine that (as the stub says) has no SIMD.
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    const load = kernelLoader(btoa('not a module'), 'test kernel', []);
    expect(() => load()).toThrow(NO_SIMD);
  });

  it('fails with the engine’s own error when SIMD is there and the module is broken', () => {
    const load = kernelLoader(btoa('not a module'), 'test kernel', []);
    expect(() => load()).toThrow(WebAssembly.CompileError);
  });
});

describe('videoRefusal', () => {
  const encoder = (present: boolean) => ({ present: () => present });
  it('refuses at once, without asking the encoder, where there is no WebCodecs or the engine is WebKitGTK', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    const webkitGtk =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(videoRefusal(chrome, encoder(true))).toBeNull();
    expect(videoRefusal(chrome, encoder(false))?.kind).toBe('refused');
    expect(videoRefusal(webkitGtk, encoder(true))?.kind).toBe('refused');
  });
});
