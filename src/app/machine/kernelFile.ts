// A `sim kernel --format json` file a user opens in the machine tab, checked without the page:
// its size, its JSON, then parseOsKernelReport (every field, its type and sign). A refusal names
// the file, what is wrong and what is allowed; the measurement drawn stays.

import { parseOsKernelReport } from '../../core/experiments/osKernelParse';
import type { OsKernelReport } from '../../core/experiments/osKernelReport';
import { quote } from '../../core/quote';

/** The largest file read: a report of 64 rows is about 70 KB. */
export const KERNEL_FILE_MAX_BYTES = 2 ** 20;

export type KernelFileRead = { ok: true; report: OsKernelReport } | { ok: false; message: string };

const ALLOWED =
  'The page opens what `npm run sim -- kernel --format json` prints (a JSON object, schema "bheap-lab/os-kernel/1").';
const KEPT = 'The measurement drawn is unchanged.';

/** Whether the file is small enough to read at all (checked before its text is read). */
export function kernelFileTooLarge(name: string, bytes: number): string | null {
  if (bytes <= KERNEL_FILE_MAX_BYTES) return null;
  return `${quote(name)} is ${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB; a kernel measurement file is at most ${KERNEL_FILE_MAX_BYTES / 1024} KB. ${ALLOWED} ${KEPT}`;
}

/** Checks a file's text as a kernel measurement. */
export function readKernelFile(name: string, text: string): KernelFileRead {
  const tooLarge = kernelFileTooLarge(name, text.length);
  if (tooLarge !== null) return { ok: false, message: tooLarge };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `${quote(name)} is not JSON. ${ALLOWED} ${KEPT}` };
  }
  const parsed = parseOsKernelReport(value);
  if (!parsed.ok) {
    return {
      ok: false,
      message: `${quote(name)} is not a kernel measurement: ${parsed.error}. ${ALLOWED} ${KEPT}`,
    };
  }
  if (parsed.value.rows.every((row) => row.kernel === null)) {
    return {
      ok: false,
      message: `${quote(name)} has no run that finished (every row's outcome is other than ok), so there is nothing to draw. ${KEPT}`,
    };
  }
  return { ok: true, report: parsed.value };
}
