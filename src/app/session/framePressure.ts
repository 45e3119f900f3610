// Frames carried between the animation and the curves at the same share of pages (pure).

/**
 * A frame count picked on the curves (`curveFrames` of `curvePages`) as the animated
 * scenario's frames, out of its `scenarioPages`: the same share, from 1 to all pages.
 */
export function scenarioFramesAt(
  curveFrames: number,
  curvePages: number,
  scenarioPages: number,
): number {
  return Math.max(
    1,
    Math.min(scenarioPages, Math.round((curveFrames / curvePages) * scenarioPages)),
  );
}

/** The scenario's `scenarioFrames` of `scenarioPages` as frames of the curves' `curvePages`. */
export function curveFramesAt(
  scenarioFrames: number,
  scenarioPages: number,
  curvePages: number,
): number {
  const share = scenarioFrames / scenarioPages;
  return Math.max(1, Math.round(share * curvePages));
}
