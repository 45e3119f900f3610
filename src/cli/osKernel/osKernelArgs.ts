// Parses `npm run sim -- kernel [options]`. Every refusal is one line naming the option and what it
// accepts, before any work (exit 2), as measureArgs.ts does for `measure`. The reading of
// command line is readOptions.ts's, shared with the other commands.

import {
  OS_KERNEL_LAYOUTS,
  OS_KERNEL_WORKLOADS,
  type OsKernelLayout,
  type OsKernelWorkload,
} from '../../core/experiments/osKernelReport';
import { quote } from '../../core/quote';
import { SEED_RANGE } from '../../core/ranges';
import { asksForHelp } from '../commands';
import { parseCliInt } from '../numbers';
import { OptionValues } from '../optionValues';
import { type OptionSet, readOptions, unexpectedArgument } from '../readOptions';
import { type CommandOutcome, fail, refusalOf } from '../refusal';
import { CGROUP_CHOICES, type CgroupChoice } from './cgroup';

export type OsKernelFormat = 'text' | 'csv' | 'json';

export interface OsKernelOptions {
  layouts: OsKernelLayout[];
  workload: OsKernelWorkload;
  items: number;
  /** Slots per page: the model's items per page; a slot is the system's page size ÷ this. */
  pageItems: number;
  seed: number;
  /** Rooms for the array, in pages, ascending, each once. */
  memoryPages: number[];
  timeoutSeconds: number;
  /** Where the array's file is made (a disk, not tmpfs); null: the system's temporary directory. */
  dir: string | null;
  cgroup: CgroupChoice;
  format: OsKernelFormat;
}

/** 1,000 items upward; 2^24 at most (the page's largest, a 128 MiB array). */
export const OS_KERNEL_ITEMS = { min: 1000, max: 2 ** 24 } as const;
/** A page of at least 4 slots; at most 512 (8 bytes each, a key and an id, in a 4 KB page). */
export const OS_KERNEL_PAGE_ITEMS = { min: 4, max: 512 } as const;
/** Rooms: from 16 pages (64 KB) to 2^22 (16 GiB); at most 16 of them. */
export const OS_KERNEL_MEMORY_PAGES = { min: 16, max: 2 ** 22 } as const;
export const OS_KERNEL_MAX_ROOMS = 16;
/** Seconds a single run may take. */
export const OS_KERNEL_TIMEOUT = { min: 5, max: 86_400 } as const;

export const OS_KERNEL_DEFAULTS = {
  layouts: ['binary', 'bheap'] as OsKernelLayout[],
  workload: 'phk' as OsKernelWorkload,
  items: 1_000_000,
  pageItems: 512,
  seed: 1,
  memoryPages: [256, 512, 1024, 1500],
  timeoutSeconds: 1800,
};

export const OS_KERNEL_USAGE = `usage: npm run sim -- kernel [options]
  Kamp's experiment under the operating system's own pager (Linux): the heap's array is a file
  mapped MAP_SHARED with readahead off, in a memory cgroup that leaves it room for F pages, so the
  kernel's reclaim evicts its pages and reads them back. A native helper (C, built on first use)
  runs the same heaps as the core and checks it removes the same items (a hash). Each row: the
  kernel's major faults, pages read and written, CPU and wall time, what the process held besides
  the array, and the model's page-ins and write-backs at F frames under LRU and CLOCK. Needs root
  (cgroup v1 or v2) or a systemd --user manager with memory delegated. See docs/kernel.md.
options:
  --layout L[,L]       ${OS_KERNEL_LAYOUTS.join(', ')} (default ${OS_KERNEL_DEFAULTS.layouts.join(',')})
  --items N            ${OS_KERNEL_ITEMS.min} to ${OS_KERNEL_ITEMS.max} (default ${OS_KERNEL_DEFAULTS.items})
  --page-items P       slots per page, a power of two from ${OS_KERNEL_PAGE_ITEMS.min} to ${OS_KERNEL_PAGE_ITEMS.max} (default ${OS_KERNEL_DEFAULTS.pageItems}: 8-byte slots in 4 KB)
  --memory-pages F[,F] the array's room in pages, ${OS_KERNEL_MEMORY_PAGES.min} to ${OS_KERNEL_MEMORY_PAGES.max}, at most ${OS_KERNEL_MAX_ROOMS} (default ${OS_KERNEL_DEFAULTS.memoryPages.join(',')})
  --workload W         phk (the article's) or expiry (default phk)
  --seed S             srandom(S) for the keys, ${SEED_RANGE.min} to ${SEED_RANGE.max} (default 1)
  --timeout S          seconds one run may take, ${OS_KERNEL_TIMEOUT.min} to ${OS_KERNEL_TIMEOUT.max} (default ${OS_KERNEL_DEFAULTS.timeoutSeconds})
  --dir D              where the array's file goes: a disk, not tmpfs (default: the temporary directory)
  --cgroup C           auto, v1, v2 or systemd (default auto: v2, then v1, then systemd)
  --format F           text (a table and the ratios), csv or json (default text)`;

export const OS_KERNEL_OPTION_NAMES = [
  'layout',
  'items',
  'page-items',
  'memory-pages',
  'workload',
  'seed',
  'timeout',
  'dir',
  'cgroup',
  'format',
] as const;
type OptionName = (typeof OS_KERNEL_OPTION_NAMES)[number];

export type OsKernelOutcome = CommandOutcome<OsKernelOptions>;

const OPTIONS: OptionSet<OptionName> = { names: OS_KERNEL_OPTION_NAMES, scope: ' for kernel' };

/** The option values after the command; the first problem in argument order is refused. */
function tokenize(argv: readonly string[]): OptionValues<OptionName> {
  let seenCommand = false;
  const values = readOptions(argv, OPTIONS, (word) => {
    if (!seenCommand && word === 'kernel') seenCommand = true;
    else fail(unexpectedArgument(word));
  });
  return new OptionValues(values);
}

function layouts(text: string | undefined): OsKernelLayout[] {
  if (text === undefined) return [...OS_KERNEL_DEFAULTS.layouts];
  const names = text.split(',');
  for (const name of names) {
    if (!(OS_KERNEL_LAYOUTS as readonly string[]).includes(name))
      fail(
        `--layout must list layouts from ${OS_KERNEL_LAYOUTS.join(', ')}, got ${quote(name, 24)}`,
      );
  }
  if (new Set(names).size !== names.length)
    fail(`--layout names a layout twice: ${quote(text, 40)}`);
  return names as OsKernelLayout[];
}

function rooms(text: string | undefined): number[] {
  if (text === undefined) return [...OS_KERNEL_DEFAULTS.memoryPages];
  const parts = text.split(',');
  if (parts.length > OS_KERNEL_MAX_ROOMS)
    fail(`--memory-pages lists ${parts.length} sizes; at most ${OS_KERNEL_MAX_ROOMS}`);
  const values = parts.map((part) => {
    const parsed = parseCliInt('--memory-pages', part, OS_KERNEL_MEMORY_PAGES);
    return parsed.ok ? parsed.value : fail(`${parsed.error} (a comma-separated list of pages)`);
  });
  if (new Set(values).size !== values.length)
    fail(`--memory-pages names a size twice: ${quote(text, 40)}`);
  return values.sort((a, b) => a - b);
}

function parseOrThrow(argv: readonly string[]): OsKernelOptions {
  const values = tokenize(argv);
  const pageItems = values.int('page-items', OS_KERNEL_PAGE_ITEMS, OS_KERNEL_DEFAULTS.pageItems);
  if ((pageItems & (pageItems - 1)) !== 0)
    fail(
      `--page-items must be a power of two from ${OS_KERNEL_PAGE_ITEMS.min} to ${OS_KERNEL_PAGE_ITEMS.max}, got ${pageItems}`,
    );
  const dir = values.get('dir');
  if (dir !== undefined && (dir === '' || dir.includes('\0'))) fail('--dir must name a directory');
  return {
    layouts: layouts(values.get('layout')),
    workload: values.choice('workload', OS_KERNEL_WORKLOADS, OS_KERNEL_DEFAULTS.workload),
    items: values.int('items', OS_KERNEL_ITEMS, OS_KERNEL_DEFAULTS.items),
    pageItems,
    seed: values.int('seed', SEED_RANGE, OS_KERNEL_DEFAULTS.seed),
    memoryPages: rooms(values.get('memory-pages')),
    timeoutSeconds: values.int('timeout', OS_KERNEL_TIMEOUT, OS_KERNEL_DEFAULTS.timeoutSeconds),
    dir: dir ?? null,
    cgroup: values.choice('cgroup', CGROUP_CHOICES, 'auto'),
    format: values.choice('format', ['text', 'csv', 'json'] as const, 'text'),
  };
}

/** The kernel command line, checked before any work. */
export function parseOsKernelArgs(argv: readonly string[]): OsKernelOutcome {
  if (asksForHelp(argv)) return { kind: 'help' };
  return refusalOf(() => ({ kind: 'ok', options: parseOrThrow(argv) }));
}
