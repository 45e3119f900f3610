// The tree view's message in place of a drawing (too big to mirror, or empty), wrapped.

import type { Selection } from 'd3-selection';
import { heapItemsHeld, TREE_MAX_SLOTS, type ViewState } from '../../core/replay/viewState';
import { STRUCTURES } from '../../core/structures/registry';

interface TreeMessage {
  /** The sentence shown. */
  text: string;
  /** The svg's aria-label meanwhile. */
  aria: string;
}

/** A title inside a sentence: "the treap", but "the B-heap" and "the 4-ary heap". */
export function inSentence(title: string): string {
  return /^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

/** Why nothing is drawn, or null when the structure can be drawn. */
export function treeMessageOf(
  view: Pick<ViewState, 'spec' | 'heap' | 'keys' | 'nodes' | 'lastSlot' | 'itemCount'>,
): TreeMessage | null {
  const title = STRUCTURES[view.spec.kind].title;
  const shape = view.heap;
  const unit = shape !== null ? 'slots' : 'nodes';
  // The view mirrors slots or nodes only up to TREE_MAX_SLOTS (see ViewState).
  if (shape !== null && view.keys === null && view.lastSlot < shape.rootSlot) {
    // Empty, before its first step: a heap too large to draw whole is drawn as the path each
    // operation walks (treeView.ts), from the first insert on.
    return {
      text: `The ${inSentence(title)} is empty. It grows beyond the ${TREE_MAX_SLOTS} slots the tree view draws whole: from the first step, the path each operation walks is drawn.`,
      aria: `${title}, empty; drawn as the path of each operation from the first step`,
    };
  }
  if (shape !== null ? view.keys === null : view.nodes === null) {
    const held = shape !== null ? heapItemsHeld(shape, view.lastSlot) : view.itemCount;
    const now =
      held > TREE_MAX_SLOTS
        ? `this ${inSentence(title)} holds ${held} items`
        : `this scenario's ${inSentence(title)} grows beyond that`;
    return {
      text: `The tree view shows structures of up to ${TREE_MAX_SLOTS} ${unit}; ${now}.`,
      aria: `${title} not drawn: more than ${TREE_MAX_SLOTS} ${unit}`,
    };
  }
  if (shape !== null ? view.lastSlot < shape.rootSlot : view.itemCount === 0) {
    return { text: `The ${inSentence(title)} is empty.`, aria: `${title}, empty` };
  }
  return null;
}

/**
 * SVG text does not wrap: the sentence in lines that fit `width` px (about 7 px a character at
 * the message's size). A word longer than a line gets a line of its own.
 */
export function wrapWords(text: string, width: number): string[] {
  const perLine = Math.max(12, Math.floor((width - 24) / 7));
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= perLine) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

const LINE_HEIGHT = 18;

/** Writes the lines into `message`, centred in a width × height box. */
export function drawMessage(
  message: Selection<SVGTextElement, unknown, null, undefined>,
  lines: readonly string[],
  width: number,
  height: number,
): void {
  const top = height / 2 - ((lines.length - 1) * LINE_HEIGHT) / 2;
  message
    .attr('display', null)
    .attr('x', width / 2)
    .attr('y', top)
    .text(null);
  lines.forEach((line, index) => {
    message
      .append('tspan')
      .attr('x', width / 2)
      .attr('dy', index === 0 ? 0 : LINE_HEIGHT)
      .text(line);
  });
}
