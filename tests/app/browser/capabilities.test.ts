// What a browser lacks is said, not thrown (issue 29): the video export's refusal, the user
// agents it refuses by name, and a kernel that cannot compile for want of WebAssembly SIMD.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isWebKitGtk, videoRecordingRefusal } from '../../../src/app/browser/capabilities';
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
    expect(await videoRecordingRefusal(AGENTS.firefoxLinux)).toBe(
      'This browser cannot encode video (it has no WebCodecs): record the video in a current Chrome, Edge, Firefox or Safari.',
    );
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
