// What the fault-cost curves chart is given: two structures' transfers per frame count.
//
// And how to plot them: run time or transfers, resident pages or the address space not resident
// (in pages or KB), the visible range.

export type CurveMode = 'time' | 'transfers';
/** Resident pages; or the address space not resident, in pages or KB (the article's axis). */
export type PressureUnit = 'resident' | 'pages' | 'kb';

export interface CurveSeries {
  /** The structure's name in the legend, readout and labels, e.g. "B-heap". */
  title: string;
  /** Frame counts run 1..pages. */
  pages: number;
  /** A page is itemsPerPage * 8 bytes (64-bit pointers): 512 -> 4 KB. */
  itemsPerPage: number;
  operations: number;
  /** CPU part of the run time. */
  cpuSeconds: number;
  /**
   * Index f-1: page-ins with f resident pages (frames). NaN where the policy has no value
   * (FIFO and CLOCK on a large run cover 64 frame counts): the chart joins the points it has.
   */
  pageIns: Float64Array;
  /** Index f-1. */
  writeBacks: Float64Array;
}

/** OPT's page-ins and write-backs over every frame count (index f - 1): a series' floor. */
interface FloorSeries {
  pageIns: Float64Array;
  writeBacks: Float64Array;
}

export interface CurvesData {
  /** [left, right] over the same pages (the shorter one padded); the ratio is left / right. */
  series: [CurveSeries, CurveSeries];
  /** The page replacement the series are for ("LRU", "FIFO", "CLOCK", "OPT"). */
  policy: string;
  /** Belady's OPT for each side, drawn dashed; null when not asked for. */
  floor: [FloorSeries, FloorSeries] | null;
  /** Milliseconds per transfer. */
  ioMs: number;
  mode: CurveMode;
  unit: PressureUnit;
  /** Visible range of frame counts (1 <= from < to <= pages). */
  fromFrames: number;
  toFrames: number;
  /** E.g. "Figure 2: heavy pressure". */
  title: string;
  /** The parameters, e.g. "1M items · 512 per page · 1 ms · article CPU". */
  caption: string;
}
