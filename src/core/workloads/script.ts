// The custom operation script typed by a user or carried in a link, e.g. "i 5, i 3, i 9, pop, del 2".
// Parsing reports the first bad token by position, so a link or a text box can say what is wrong.

import { quote } from '../quote';

export type ScriptOp =
  | { op: 'insert'; key: number }
  | { op: 'pop' }
  | { op: 'delete'; slot: number }
  | { op: 'reorder'; slot: number; key: number };

export const SCRIPT_SYNTAX =
  'operations separated by commas (or semicolons or new lines): "i KEY" (insert), "pop", "del SLOT" (delete), "re SLOT KEY" (new key), numbers in plain digits';

/** Longest script accepted, so a pasted link cannot ask for unbounded work. */
export const MAX_SCRIPT_OPS = 100_000;
export const MAX_SCRIPT_KEY = 2 ** 31 - 1;

type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Plain digits only ("5", never "05" or "+5"), as formatScript writes them back. */
function parseInteger(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^(0|[1-9]\d*)$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * Parses and checks a script: every delete or reorder must name a slot that is in the heap at
 * that point (1..size), and pop needs a non-empty heap. Returns the operations and the largest
 * size the heap reaches.
 */
export function parseScript(text: string): ParseResult<{ ops: ScriptOp[]; maxSize: number }> {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0) return { ok: false, error: `the script is empty; use ${SCRIPT_SYNTAX}` };
  if (parts.length > MAX_SCRIPT_OPS) {
    return {
      ok: false,
      error: `the script has ${parts.length} operations; at most ${MAX_SCRIPT_OPS}`,
    };
  }
  const ops: ScriptOp[] = [];
  let size = 0;
  let maxSize = 0;
  for (let index = 0; index < parts.length; index++) {
    const words = parts[index].split(/\s+/);
    const name = words[0].toLowerCase();
    // Built only for a message: a long script's loop should not format every operation.
    const where = (): string => `operation ${index + 1} (${quote(parts[index], 24)})`;
    const badSlot =
      size === 0 ? 'names a slot, but the heap is empty' : `slot must be from 1 to ${size}`;
    if ((name === 'i' || name === 'ins' || name === 'insert') && words.length === 2) {
      const key = parseInteger(words[1], 0, MAX_SCRIPT_KEY);
      if (key === null)
        return {
          ok: false,
          error: `${where()}: key must be an integer from 0 to ${MAX_SCRIPT_KEY}`,
        };
      ops.push({ op: 'insert', key });
      size++;
      maxSize = Math.max(maxSize, size);
    } else if ((name === 'pop' || name === 'p') && words.length === 1) {
      if (size === 0) return { ok: false, error: `${where()}: pop on an empty heap` };
      ops.push({ op: 'pop' });
      size--;
    } else if ((name === 'del' || name === 'd' || name === 'delete') && words.length === 2) {
      const slot = parseInteger(words[1], 1, size);
      if (slot === null) return { ok: false, error: `${where()}: ${badSlot}` };
      ops.push({ op: 'delete', slot });
      size--;
    } else if ((name === 're' || name === 'r' || name === 'reorder') && words.length === 3) {
      const slot = parseInteger(words[1], 1, size);
      if (slot === null) return { ok: false, error: `${where()}: ${badSlot}` };
      const key = parseInteger(words[2], 0, MAX_SCRIPT_KEY);
      if (key === null)
        return {
          ok: false,
          error: `${where()}: key must be an integer from 0 to ${MAX_SCRIPT_KEY}`,
        };
      ops.push({ op: 'reorder', slot, key });
    } else {
      return { ok: false, error: `${where()} is not understood; use ${SCRIPT_SYNTAX}` };
    }
  }
  return { ok: true, value: { ops, maxSize } };
}

/** The canonical text of a script (what a link carries). */
export function formatScript(ops: readonly ScriptOp[]): string {
  return ops
    .map((op) => {
      switch (op.op) {
        case 'insert':
          return `i ${op.key}`;
        case 'pop':
          return 'pop';
        case 'delete':
          return `del ${op.slot}`;
        default:
          return `re ${op.slot} ${op.key}`;
      }
    })
    .join(', ');
}
