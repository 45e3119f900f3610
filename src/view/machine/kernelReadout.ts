// The kernel chart in words: the readout at one room, and the chart's label for a screen reader.

import { layoutTitle } from '../../core/experiments/osKernelReport';
import { formatCount, formatDuration } from '../../core/explain/numbers';
import { type KernelChartData, type KernelChartPoint, kernelPointAt } from './kernelData';

export const KERNEL_NO_DATA_LABEL = 'pages read under the kernel’s pager against the room: no data';

/** "; 1,235,343 at the 236 pages held": the model where the array's mean residency put it. */
function held(point: KernelChartPoint): string {
  return point.lruAtHeld === null
    ? ''
    : `; ${formatCount(point.lruAtHeld)} at the ${formatCount(point.heldPages)} pages held`;
}

/** "1,024 pages of room: Binary heap read 1,212,684 in 322 s (the model’s LRU 1,076,945) · …". */
export function kernelReadoutText(data: KernelChartData, room: number): string {
  const parts: string[] = [];
  for (const series of data.series) {
    const point = kernelPointAt(series, room);
    if (point === null) continue;
    parts.push(
      `${layoutTitle(series.layout)} read ${formatCount(point.pagesRead)} in ${formatDuration(point.wallSeconds)} (the model’s LRU ${formatCount(point.lruAtRoom)}${held(point)})`,
    );
  }
  return `${formatCount(room)} pages of room: ${parts.join(' · ')}`;
}

/** The chart in sentences: what it plots, and each point with the model's beside it. */
export function describeKernel(data: KernelChartData | null): string {
  if (data === null || data.series.length === 0) {
    return 'Pages read under the kernel’s pager against the room in pages: no data.';
  }
  const points = data.series.map(
    (s) =>
      `${layoutTitle(s.layout)}: ${s.points
        .map(
          (p) =>
            `${formatCount(p.items)} pages of room, ${formatCount(p.pagesRead)} read in ${formatDuration(p.wallSeconds)}, the model’s LRU ${formatCount(p.lruAtRoom)}${held(p)}`,
        )
        .join('; ')}.`,
  );
  return (
    `${data.title}. ${data.caption}. Log-log chart of the pages the kernel read (markers on solid ` +
    `lines) and the model’s LRU page-ins (dashed at the room; dotted at the pages the array held, where known) against the pages of room. ${points.join(' ')} ` +
    'Left and right arrows move the readout from one room to the next.'
  );
}
