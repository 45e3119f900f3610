// The measurement under this project's machine's own pager that ships with the page (docs/kernel.md,
// "Measured here"): `sim kernel --format json`'s output, committed as it came, and checked here as
// a file a user loads is (parseOsKernelReport). The article's run, 1,000,000 items at 512 a page,
// binary heap and B-heap, at 256, 512, 1,024 and 1,500 pages of room:
//   npm run sim -- kernel --layout binary,bheap --items 1000000 --page-items 512 \
//     --memory-pages 256,512,1024,1500 --timeout 3600 --format json

import measurement from './osKernelMeasurement.json';
import { parseOsKernelReport } from './osKernelParse';
import type { OsKernelReport } from './osKernelReport';

/** The shipped measurement, checked; throws (naming the problem) if the file is not a report. */
export function shippedOsKernel(): OsKernelReport {
  const parsed = parseOsKernelReport(measurement);
  if (!parsed.ok)
    throw new Error(`the shipped kernel measurement is not a report: ${parsed.error}`);
  return parsed.value;
}
