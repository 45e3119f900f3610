// `npm run bench:kernel`: Kamp's experiment under this machine's own pager, at a size that takes
// minutes, not an hour: 200,000 items at 512 per page, with 300 and 391 pages of room (the
// array's 391 pages: no pressure), binary heap and B-heap. Prints `sim kernel`'s table; extra
// arguments replace these (`npm run bench:kernel -- --items 1000000 --memory-pages 1024`). A
// benchmark prints its numbers; no test asserts a time. Where this machine cannot make a memory
// group, it says why and what would work, and exits 0.

import { osKernelAvailability, osKernelMain } from './osKernel/osKernelCommand';

const given = process.argv.slice(2);
const available = osKernelAvailability();
if (!available.ok) {
  process.stdout.write(`bench:kernel skipped: ${available.why}\n`);
} else {
  const args =
    given.length > 0
      ? given
      : [
          '--layout',
          'binary,bheap',
          '--items',
          '200000',
          '--memory-pages',
          '300,391',
          '--timeout',
          '900',
        ];
  process.exitCode = await osKernelMain(['kernel', ...args]);
}
