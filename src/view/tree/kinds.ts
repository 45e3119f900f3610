// Which drawing rules a structure kind follows in the tree view: colours, legend.

import { STRUCTURES, type StructureKind } from '../../core/structures/registry';

/** Which legend fits the structure: heaps swap, trees rotate (and red-black trees colour). */
export type LegendKind = 'heap' | 'list' | 'tree' | 'red-black';

export function legendKindOf(kind: StructureKind): LegendKind {
  if (STRUCTURES[kind].family === 'heap') return 'heap';
  if (kind === 'list') return 'list';
  return kind === 'llrb' || kind === 'rb' ? 'red-black' : 'tree';
}

export function isRedBlack(kind: StructureKind): boolean {
  return kind === 'llrb' || kind === 'rb';
}
