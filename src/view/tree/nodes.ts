// Nodes of the tree view: a circle per slot or node, its state classes and its label.

import { type LabelRange, labelFit, nodeLabel, type TreeMode } from './labels';
import type { SideLabel } from './overviewLabels';
import type { Scene } from './scene';
import { type Cached, type Layer, SVG_NS } from './svg';

const NODE_TEMPLATE = (() => {
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'tv-node');
  // The second circle is the outer ring of a red node (hidden otherwise, see views.css).
  const ring = document.createElementNS(SVG_NS, 'circle');
  ring.setAttribute('class', 'tv-ring');
  group.append(
    document.createElementNS(SVG_NS, 'circle'),
    ring,
    document.createElementNS(SVG_NS, 'text'),
  );
  return group;
})();

/** Radius (px) of a red node's outer ring: outside the node, inside its page box's padding where possible. */
function ringRadius(r: number, pad: number): number {
  return r + Math.max(1.5, Math.min(3, pad * 0.6));
}

/** How nodes are labelled and which a scene points at. */
interface NodeStyle {
  mode: TreeMode;
  labels: LabelRange;
  /** Members a scene points at (the B-heap's page entries), ringed. */
  pointed: ReadonlySet<number>;
  /** Keys written beside nodes too small to hold them (overviewLabels.ts). */
  side: ReadonlyMap<number, SideLabel>;
}

/**
 * Joins the nodes by member (slot or node number, written to `numberAttribute`). `stateClass`
 * holds what the current step does to a member; members on `highlightPage` are linked.
 */
export function drawNodes(
  layer: Layer,
  scene: Scene,
  numberAttribute: 'data-slot' | 'data-node',
  stateClass: ReadonlyMap<number, string>,
  highlightPage: number | null,
  style: NodeStyle,
): void {
  const { mode, labels, pointed, side } = style;
  const { g, pageOf, keyOf, red } = scene;
  const { x, y, r, version } = g;
  const ring = ringRadius(r, g.pad);
  layer
    .selectAll<SVGGElement, number>('g.tv-node')
    .data(scene.members, (d) => d)
    .join((enter) =>
      // Cloning one prepared node is several times faster than appending three elements.
      enter
        .append(() => NODE_TEMPLATE.cloneNode(true) as SVGGElement)
        .attr(numberAttribute, (member) => member)
        .attr('data-page', (member) => pageOf[member]),
    )
    .each(function (member) {
      // Attributes are written only when they change: most steps alter two or three nodes.
      const node = this as Cached<SVGGElement>;
      let className = 'tv-node';
      if (red !== null && red[member] === 1) className += ' tv-red';
      const extra = stateClass.get(member);
      if (extra !== undefined) className += ` ${extra}`;
      if (pageOf[member] === highlightPage) className += ' tv-linked';
      if (pointed.has(member)) className += ' tv-pointed';
      if (node.tvClass !== className) {
        node.tvClass = className;
        node.setAttribute('class', className);
      }
      if (node.tvGeometry !== version) {
        node.tvGeometry = version;
        node.tvLabel = undefined;
        node.setAttribute(
          'transform',
          `translate(${x[member].toFixed(1)},${y[member].toFixed(1)})`,
        );
        node.children[0].setAttribute('r', r.toFixed(1));
        node.children[1].setAttribute('r', ring.toFixed(1));
      }
      const label = nodeLabel(mode, member, keyOf[member], r);
      const fit = labelFit(label, r, labels);
      // A key that does not fit inside its node may stand beside it.
      const beside = fit.text === '' ? side.get(member) : undefined;
      const key = beside === undefined ? label : `${beside.text}|${beside.dx}|${beside.anchor}`;
      if (node.tvLabel === key) return;
      node.tvLabel = key;
      const text = node.children[2];
      if (beside === undefined) {
        text.removeAttribute('class');
        text.removeAttribute('x');
        text.textContent = fit.text;
        text.setAttribute('font-size', fit.size.toFixed(1));
        return;
      }
      text.setAttribute('class', beside.anchor === 'start' ? 'tv-side' : 'tv-side tv-side-end');
      text.setAttribute('x', beside.dx.toFixed(1));
      text.textContent = beside.text;
      text.setAttribute('font-size', beside.size.toFixed(1));
    });
}
