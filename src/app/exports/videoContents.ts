// What one frame of the video export shows, as the page hands it over: both sides as drawn at a
// step and the line naming the operation. Shared by the export's controls, which the page loads
// at once, and its recorder, which is loaded when a video is first recorded.

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

/** The page as the recorder moves it: to a step, then read. */
export interface VideoPage {
  /** Moves the cursor and draws the page now (the grids and trees are then current). */
  showStep(step: number): void;
  /** Both sides as drawn, and the line naming the operation. */
  videoContents(): VideoContents;
}
