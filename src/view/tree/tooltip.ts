// Tooltips of the tree view's nodes: slot or node, key, item, words and page(s).

import type { ViewState } from '../../core/replay/viewState';
import { isRedBlack } from './kinds';

/** A heap slot: its key and item when mirrored, and its page. */
export function describeSlot(
  view: Pick<ViewState, 'keys' | 'items' | 'pageShift'>,
  slot: number,
): string {
  const key = view.keys === null ? '' : `, key ${view.keys[slot]}`;
  const item = view.items === null ? '' : `, item ${view.items[slot]}`;
  return `slot ${slot}${key}${item}, page ${slot >>> view.pageShift}`;
}

/** An arena node: key, item, priority or colour, its words and their page(s); null when not mirrored. */
export function describeNode(
  view: Pick<ViewState, 'nodes' | 'pageShift' | 'spec'>,
  node: number,
): string | null {
  const nodes = view.nodes;
  if (nodes === null) return null;
  const firstWord = node * nodes.nodeWords;
  const lastWord = firstWord + nodes.nodeWords - 1;
  const firstPage = firstWord >>> view.pageShift;
  const lastPage = lastWord >>> view.pageShift;
  // A node size that does not divide the page leaves some nodes straddling two pages.
  const pages =
    firstPage === lastPage
      ? `page ${firstPage}`
      : `pages ${firstPage}–${lastPage} (straddles a page boundary)`;
  let extra = '';
  if (view.spec.kind === 'treap') extra = `, priority ${nodes.tag[node]}`;
  else if (isRedBlack(view.spec.kind)) extra = nodes.tag[node] === 1 ? ', red' : ', black';
  return `node ${node}, key ${nodes.key[node]}, item ${nodes.item[node]}${extra}, words ${firstWord}–${lastWord}, ${pages}`;
}

/**
 * The tooltip of an element with these data-slot and data-node attributes (null when absent);
 * null for what is not a node (a page box).
 */
export function describeMember(
  view: Pick<ViewState, 'keys' | 'items' | 'nodes' | 'pageShift' | 'spec'>,
  slotText: string | null,
  nodeText: string | null,
): string | null {
  if (slotText !== null) return describeSlot(view, Number(slotText));
  if (nodeText === null) return null;
  return describeNode(view, Number(nodeText));
}
