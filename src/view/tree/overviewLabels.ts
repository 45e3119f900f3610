// What a tree drawn too small for labels inside its nodes still says (pure): a reader who zooms
// out sees dots, so the page boxes keep their names where they do not run into one another, and
// keys are written beside their nodes, at the least text size, where they fit: the step's members
// and the path above them first, then level by level from the root while there is room.

import { NO_PARENT } from '../../core/explain/treeGeometry';
import { intersects, type Rect } from './clearRegion';
import { labelEm } from './labels';
import { type PageBox, pageBoxLabel, pageLabelX } from './pageBoxes';

/** A key written beside its node: `dx` from the node's centre, anchored at its start or end. */
export interface SideLabel {
  text: string;
  size: number;
  dx: number;
  anchor: 'start' | 'end';
}

/** Gap (px) between a node's outline and its side label, and around every label. */
const GAP = 2;
/** Half a label's glyph box's height, in em (digits stand 0.73 em about the central baseline). */
const HALF_HEIGHT_EM = 0.4;

/** The glyph box of a page box's label, as drawPageBoxes draws it (baseline 3 px over the box). */
export function pageLabelRect(box: PageBox, size: number, right: number): Rect {
  const x = pageLabelX(box, size, right);
  return {
    x0: x,
    y0: box.y0 - 3 - 0.76 * size,
    x1: x + labelEm(pageBoxLabel(box)) * size,
    y1: box.y0 - 3 + 0.24 * size,
  };
}

/** The pages whose labels are drawn: in page order, each clear of those before it. */
export function pageLabelsShown(
  boxes: readonly PageBox[],
  size: number,
  right: number,
): Set<number> {
  const placed: Rect[] = [];
  const shown = new Set<number>();
  for (const box of boxes) {
    if (pageBoxLabel(box) === '') continue;
    const rect = pageLabelRect(box, size, right);
    if (placed.some((other) => intersects(grow(rect, GAP / 2), other))) continue;
    placed.push(rect);
    shown.add(box.page);
  }
  return shown;
}

/** What the side labels are placed among. */
export interface OverviewInput {
  /** Members drawn, their positions and radius (px). */
  members: readonly number[];
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  r: number;
  parentOf: ArrayLike<number>;
  /** Each member's label text (its key or number). */
  textOf: (member: number) => string;
  /** Members the step is about: their labels and their path's come first. */
  focus: readonly number[];
  /** The least text size (px). */
  size: number;
  /** The region the labels must stay in, and what they must not cover (page labels). */
  width: number;
  height: number;
  obstacles: readonly Rect[];
}

/**
 * Side labels of a tree too small for labels in its nodes: the focus members and their ancestors
 * first (they may cover other nodes, as a callout does), then every other member from the root
 * down where its label covers no node. No label covers another, a page label, or leaves the region.
 */
export function overviewLabels(input: OverviewInput): Map<number, SideLabel> {
  const { members, x, y, r, size } = input;
  const placed: Rect[] = [...input.obstacles];
  const labels = new Map<number, SideLabel>();
  const nodes = members.map((member) => ({
    member,
    rect: { x0: x[member] - r, y0: y[member] - r, x1: x[member] + r, y1: y[member] + r },
  }));
  const path: number[] = [];
  const onPath = new Set<number>();
  for (const member of input.focus) {
    for (let at = member; at !== NO_PARENT && !onPath.has(at); at = input.parentOf[at]) {
      if (!Number.isFinite(x[at])) break;
      onPath.add(at);
      path.push(at);
    }
  }
  const rest = members
    .filter((member) => !onPath.has(member))
    .sort((a, b) => y[a] - y[b] || x[a] - x[b]);
  for (const member of [...path, ...rest]) {
    const text = input.textOf(member);
    if (text === '') continue;
    const width = labelEm(text) * size;
    const half = HALF_HEIGHT_EM * size;
    for (const anchor of ['start', 'end'] as const) {
      const dx = anchor === 'start' ? r + GAP : -(r + GAP);
      const x0 = anchor === 'start' ? x[member] + dx : x[member] + dx - width;
      const rect = { x0, y0: y[member] - half, x1: x0 + width, y1: y[member] + half };
      if (rect.x0 < 0 || rect.y0 < 0 || rect.x1 > input.width || rect.y1 > input.height) continue;
      const roomy = grow(rect, GAP / 2);
      if (placed.some((other) => intersects(roomy, other))) continue;
      const coversNode = nodes.some(
        (node) => node.member !== member && intersects(roomy, node.rect),
      );
      if (coversNode && !onPath.has(member)) continue;
      placed.push(rect);
      labels.set(member, { text, size, dx, anchor });
      break;
    }
  }
  return labels;
}

function grow(rect: Rect, by: number): Rect {
  return { x0: rect.x0 - by, y0: rect.y0 - by, x1: rect.x1 + by, y1: rect.y1 + by };
}
