// A stand-in for the native helper's pager mode (src/native/bheapNative.c), for pagerRun's tests:
// it speaks the helper's protocol on stdin and stdout and ends as its first argument says:
// ok, oom (killed by SIGKILL after its first progress line), fail (exit 7), hang (until killed),
// mismatch (another hash than the core's) or error (an error line before anything else).

import { statSync } from 'node:fs';
import { createInterface } from 'node:readline';

const mode = process.argv[2];
const args = Object.fromEntries(
  process.argv
    .slice(3)
    .filter((arg) => arg.includes('='))
    .map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]),
);
const lines = createInterface({ input: process.stdin });
const waiting = [];
lines.on('line', (line) => waiting.shift()?.(line));
const next = () => new Promise((resolve) => waiting.push(resolve));
const say = (text) => process.stdout.write(`${text}\n`);

if (mode === 'error') {
  say('error cannot open the file: No such file or directory');
  process.exit(2);
}
const mapBytes = statSync(args.file).size;
say(
  `ready {"mapBytes":${mapBytes},"arrayPages":${mapBytes / 4096},"pageBytes":4096,"slotBytes":8,"arrayPagesResident":0,"pid":${process.pid}}`,
);
if ((await next()) !== 'go') process.exit(4);
// Charged: 200 KiB besides the array, then 40 pages more (a per-CPU batch), 30 array pages resident.
say(
  'progress {"operations":1000,"expectedOperations":4000,"pagesRead":12,"wallSeconds":0.5,"arrayPagesResident":30,"chargedBytes":327680}',
);
for (let i = 0; i < 6; i++) {
  say(
    `progress {"operations":${2000 + i},"expectedOperations":4000,"pagesRead":20,"wallSeconds":1,"arrayPagesResident":30,"chargedBytes":${204800 + 40 * 4096 + 30 * 4096}}`,
  );
}
if (mode === 'oom') process.kill(process.pid, 'SIGKILL');
if (mode === 'fail') {
  process.stderr.write('bheap-native: something broke\n');
  process.exit(7);
}
if (mode === 'hang') setInterval(() => {}, 1000);
else if (mode === 'mismatch') {
  say(`mismatch {"hash":1,"expectedHash":${args['expect-hash']},"operations":4000}`);
  process.exit(3);
} else {
  say(
    'done {"operations":4000,"hash":5,"majorFaults":58,"minorFaults":900,"readBytes":217088,"writeBytes":409600,' +
      '"cancelledWriteBytes":0,"userSeconds":0.25,"systemSeconds":0.5,"wallSeconds":1.5,"arrayPagesResidentMin":20,' +
      '"arrayPagesResidentMax":32,"arrayPagesResidentMean":28.5,"arrayPagesResidentSamples":7,"arrayPagesResidentAtEnd":30}',
  );
  if ((await next()) !== 'bye') process.exit(4);
  process.exit(0);
}
