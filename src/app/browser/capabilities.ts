// What a control needs that this browser may lack, found before the control is used, so the
// page says so in one sentence (why, and what to use instead) and disables only that control
// (issue 29). The other features the page leans on are guarded where they are used: the
// clipboard and full screen fall back quietly, and a WebAssembly kernel that cannot compile
// says why (src/core/memory/kernel/loadKernel.ts).

/** The video export's codec and size (videoExport.ts records 1280×720 VP8). */
const VIDEO_CONFIG: VideoEncoderConfig = {
  codec: 'vp8',
  width: 1280,
  height: 720,
  bitrate: 2_500_000,
};

/** How long the browser may take to say whether it encodes VP8 before the answer counts as no. */
const ANSWER_MS = 3000;

/**
 * Why this browser cannot record the video export, or null when it can. WebKitGTK (GNOME Web and
 * other Linux browsers built on Safari's engine) is refused by name: WebKitGTK 2.50 on Debian 12
 * has the encoder, but configuring it crashes the page's process (its GStreamer fails to start),
 * and even asking whether VP8 is supported does, so it cannot be detected by trying.
 */
export async function videoRecordingRefusal(
  userAgent: string = navigator.userAgent,
): Promise<string | null> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') {
    return 'This browser cannot encode video (it has no WebCodecs): record the video in a current Chrome, Edge, Firefox or Safari.';
  }
  if (isWebKitGtk(userAgent)) {
    return 'Video recording is off in this browser, whose video encoder on Linux can crash the page: record the video in Firefox or Chrome.';
  }
  const supported = await Promise.race([
    VideoEncoder.isConfigSupported(VIDEO_CONFIG).then(
      (answer) => answer.supported === true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ANSWER_MS)),
  ]);
  return supported
    ? null
    : 'This browser cannot encode VP8 video: record the video in a current Chrome, Edge or Firefox.';
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
