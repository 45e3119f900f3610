// The tree view's accessible summary: its aria-label (items, pages, page crossings).

import type { StructureKind } from '../../core/structures/registry';

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** E.g. "Treap: 12 items on 5 pages, 7 edges cross a page boundary". */
export function treeAriaLabel(
  title: string,
  kind: StructureKind,
  items: number,
  pages: number,
  crossings: number,
): string {
  const shown = kind === 'list' ? 'in list order ' : '';
  const edgeWord = kind === 'list' ? 'link' : 'edge';
  return `${title}: ${plural(items, 'item')} ${shown}on ${plural(pages, 'page')}, ${plural(crossings, edgeWord)} cross${crossings === 1 ? 'es' : ''} a page boundary`;
}
