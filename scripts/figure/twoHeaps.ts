// The README's picture: the same 31-item heap laid out as the binary heap and as the B-heap, 8
// slots a page, each node coloured by the page its slot is on. Drawn from the core's own index
// maps (core/structures/heap/indexMaps.ts), so the picture is the code's layout, not a drawing
// of it. `npm run figure` writes docs/two-heaps.svg; a unit test fails when it is stale.

import {
  type ArticleHeapKind,
  lastSlotOf,
  makeLayout,
  pageOfSlot,
} from '../../src/core/structures/heap/indexMaps';

const ITEMS = 31;
const ITEMS_PER_PAGE = 8;
const LEVELS = 5;
/** Okabe-Ito hues, told apart by most colour-blind readers; page p takes hue p mod 8. */
const HUES = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#999999',
];
const PANEL_WIDTH = 520;
const PANEL_HEIGHT = 300;
const TOP = 78;
const LEVEL_GAP = 50;
const RADIUS = 12;

interface Node {
  slot: number;
  x: number;
  y: number;
  parent: Node | null;
}

/** The heap's nodes as a tree drawn level by level, each with the slot the layout gives it. */
function nodesOf(kind: ArticleHeapKind): Node[] {
  const layout = makeLayout(kind, ITEMS_PER_PAGE);
  const last = lastSlotOf(layout, ITEMS);
  const nodes: Node[] = [];
  const visit = (slot: number, level: number, index: number, parent: Node | null): void => {
    if (level >= LEVELS || slot > last || slot < layout.rootSlot) return;
    const across = PANEL_WIDTH / 2 ** level;
    const node = { slot, x: across * (index + 0.5), y: TOP + level * LEVEL_GAP, parent };
    nodes.push(node);
    const first = layout.firstChild(slot);
    const second = layout.secondChild(slot);
    visit(first, level + 1, index * 2, node);
    if (second !== first) visit(second, level + 1, index * 2 + 1, node);
  };
  visit(layout.rootSlot, 0, 0, null);
  return nodes;
}

function panel(kind: ArticleHeapKind, title: string, caption: string, dx: number): string {
  const nodes = nodesOf(kind);
  const page = (slot: number): number => pageOfSlot(makeLayout(kind, ITEMS_PER_PAGE), slot);
  const edges = nodes
    .filter((n) => n.parent !== null)
    .map((n) => {
      const p = n.parent as Node;
      const crosses = page(p.slot) !== page(n.slot);
      return `<line x1="${p.x}" y1="${p.y}" x2="${n.x}" y2="${n.y}" stroke="${crosses ? '#1b1f24' : '#8f97a3'}" stroke-width="${crosses ? 2.5 : 1.5}"${crosses ? ' stroke-dasharray="5 3"' : ''}/>`;
    });
  const circles = nodes.map((n) => {
    const hue = HUES[page(n.slot) % HUES.length];
    const ink = page(n.slot) % HUES.length === 6 ? '#1b1f24' : '#ffffff';
    return `<circle cx="${n.x}" cy="${n.y}" r="${RADIUS}" fill="${hue}"/><text x="${n.x}" y="${n.y + 4}" text-anchor="middle" font-size="11" fill="${ink}">${n.slot}</text>`;
  });
  const pages = new Set(nodes.map((n) => page(n.slot))).size;
  return [
    `<g transform="translate(${dx},0)">`,
    `<text x="${PANEL_WIDTH / 2}" y="28" text-anchor="middle" font-size="18" font-weight="bold" fill="#1b1f24">${title}</text>`,
    `<text x="${PANEL_WIDTH / 2}" y="50" text-anchor="middle" font-size="13" fill="#1b1f24">${caption} (${ITEMS} items on ${pages} pages)</text>`,
    ...edges,
    ...circles,
    '</g>',
  ].join('\n');
}

/** The picture, as the file holds it. */
export function twoHeapsSvg(): string {
  const width = PANEL_WIDTH * 2 + 40;
  const height = PANEL_HEIGHT + 30;
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-labelledby="title">`,
    '<title id="title">The same 31-item heap as a binary heap and as a B-heap, 8 slots a page, each node coloured by its page: the binary heap changes page at every level below the first, the B-heap keeps a subtree in each page.</title>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    panel('binary', 'Binary heap', 'a new page at every level below the first', 10),
    panel('bheap', 'B-heap', 'each page holds a small subtree', PANEL_WIDTH + 30),
    `<text x="${width / 2}" y="${height - 10}" text-anchor="middle" font-size="12" fill="#1b1f24">numbers: the node's slot · colour: its page (slot ÷ 8) · dashed: an edge that crosses to another page</text>`,
    '</svg>',
  ].join('\n')}\n`;
}

// `npm run figure`: writes the file.
if (process.argv[1]?.endsWith('twoHeaps.ts')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../../docs/two-heaps.svg', import.meta.url), twoHeapsSvg());
  console.log('wrote docs/two-heaps.svg');
}
