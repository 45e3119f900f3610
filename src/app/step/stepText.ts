// The step's words (pure): the operation line, each side's sentence, and the transfers ratio.

import type { OpKind, SimEvent } from '../../core/events';
import { narrate, type Voice } from '../../core/explain/narrate';
import { formatCount } from '../../core/explain/numbers';
import type { Policy } from '../../core/memory/pager';
import { WORD_BYTES } from '../../core/structures/pointer/arena';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';
import type { SideNumbers } from '../side/sideNumbers';

/** `operation` is 0-based (-1 before the first); the page counts operations from 1. */
export function operationText(
  operation: number,
  operationCount: number,
  kind: OpKind | null,
): string {
  return operation < 0
    ? 'Before the first operation'
    : `Operation ${formatCount(operation + 1)} of ${formatCount(operationCount)}: ${kind ?? ''}`;
}

/**
 * How a side's sentences name things: slots for a heap, nodes and arena words otherwise; the
 * strict B-heap's also say when an insert skips a page's empty positions 0 and 1.
 */
export function voiceFor(kind: StructureKind, nodeBytes: number, itemsPerPage = 0): Voice {
  const voice: Voice = { family: STRUCTURES[kind].family, nodeWords: nodeBytes / WORD_BYTES };
  if (kind === 'bheap-strict' && itemsPerPage > 0) voice.gappedPage = itemsPerPage;
  return voice;
}

/** One side's sentence at `step`; a side with no event this step says why it waits. */
export function sideSentence(
  kind: StructureKind,
  event: SimEvent | null,
  step: number,
  voice: Voice,
  previousPage = -1,
  distance = -1,
  policy: Policy = 'lru',
): string {
  const name = STRUCTURES[kind].title;
  if (event === null) {
    return step === 0
      ? `${name}: press → or Play to start.`
      : `${name}: waiting for the other side to finish this operation.`;
  }
  return `${name}: ${narrate(event, voice, { previousPage, distance, policy })}`;
}

/** Page transfers and simulated time so far, left against right ("—" while right has none). */
export function ratioText(
  kinds: readonly [StructureKind, StructureKind],
  numbers: readonly [SideNumbers, SideNumbers],
): string {
  const [leftName, rightName] = kinds.map((kind) => STRUCTURES[kind].title);
  const [left, right] = numbers;
  const transfersLeft = left.pageIns + left.writeBacks;
  const transfersRight = right.pageIns + right.writeBacks;
  const ratio = transfersRight > 0 ? (transfersLeft / transfersRight).toFixed(2) : '—';
  const timeRatio = right.seconds > 0 ? (left.seconds / right.seconds).toFixed(2) : '—';
  return `Transfers so far: ${leftName} ${formatCount(transfersLeft)}, ${rightName} ${formatCount(transfersRight)} (ratio ${ratio}); simulated time ratio ${leftName} / ${rightName} ${timeRatio}.`;
}
