// `npm run bench:native`: the heaps compiled from C beside the same heaps in WebAssembly, timed in
// the same rounds by CPU time (`sim measure --native`): the binary heap, the B-heap with 4 KB
// pages and the 4-ary heap at N = 2^10 … 2^22, keys in the array, 5 rounds. Prints `sim measure`'s
// table and the native one with native ÷ WebAssembly; extra arguments replace these options. A
// benchmark prints its numbers; no test asserts a time.

import { measureMain } from './measure';

const given = process.argv.slice(2);
const args =
  given.length > 0
    ? given
    : [
        '--layout',
        'binary,bheap4k,dary4',
        '--sizes',
        '1024,16384,262144,1048576,4194304',
        '--reps',
        '5',
        '--predict',
        'off',
      ];
process.exitCode = await measureMain(['measure', '--native', ...args]);
