// Reading one parameter of a link: a choice, an items-per-page, a node size; each refusal is a
// message that names the parameter and what is allowed.

import { quote } from '../quote';
import { parseIntInRange } from '../ranges';
import {
  isValidItemsPerPage,
  MAX_ITEMS_PER_PAGE,
  MIN_ITEMS_PER_PAGE,
} from '../structures/heap/indexMaps';
import { nodeBytesAllowed, nodeBytesFloor, type StructureKind } from '../structures/registry';
import type { ScenarioError } from './scenario';

/** An items-per-page parameter (page, cpage): a power of two in range, or a message and null. */
export function parseItemsPerPageParam(
  name: string,
  text: string | null,
  fallback: number,
  errors: ScenarioError[],
): number | null {
  if (text === null) return null;
  const allowed = `a power of two from ${MIN_ITEMS_PER_PAGE} to ${MAX_ITEMS_PER_PAGE}`;
  const parsed = parseIntInRange(`${name} (items per page)`, text, {
    min: MIN_ITEMS_PER_PAGE,
    max: MAX_ITEMS_PER_PAGE,
  });
  if (parsed.ok && isValidItemsPerPage(parsed.value)) return parsed.value;
  const why =
    !parsed.ok && parsed.error.includes('plain digits')
      ? parsed.error
      : `${name} (items per page) must be ${allowed}, got ${quote(text, 24)}`;
  errors.push(err(name, `${why}; using ${fallback}`));
  return null;
}

/** A parameter that must be one of `allowed`: applied, or named with the choices and what is used. */
export function choiceParam<T extends string>(
  get: (name: string) => string | null,
  errors: ScenarioError[],
  name: string,
  allowed: readonly T[],
  fallback: string,
  apply: (value: T) => void,
): void {
  const text = get(name);
  if (text === null) return;
  const found = allowed.find((candidate) => candidate === text);
  if (found !== undefined) apply(found);
  else
    errors.push(
      err(
        name,
        `${name} must be one of ${allowed.join(', ')}, got ${quote(text, 24)}; using ${fallback}`,
      ),
    );
}

export function err(param: string, message: string): ScenarioError {
  return { param, message };
}

/** A node size (node, cnode): a multiple of 8 from the pair's floor to 4096. */
export function parseNodeBytesParam(
  name: string,
  text: string,
  left: StructureKind,
  right: StructureKind,
): { ok: true; value: number } | { ok: false; error: string } {
  const allowed = nodeBytesAllowed(left, right);
  const parsed = parseIntInRange(name, text, { min: nodeBytesFloor(left, right), max: 4096 });
  if (parsed.ok && parsed.value % 8 === 0) return parsed;
  if (!parsed.ok && parsed.error.includes('plain digits')) return parsed;
  return { ok: false, error: `${name} (bytes per node) must be ${allowed}, got ${quote(text)}` };
}
