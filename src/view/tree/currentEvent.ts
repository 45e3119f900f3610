// The current step in the tree view: the class of each member it touches, ghosts, the swap.

import type { SimEvent } from '../../core/events';
import type { ViewState } from '../../core/replay/viewState';
import type { Scene } from './scene';

/** A member the step touches that is not drawn (past a heap's tail, a freed node), where it was. */
export interface Ghost {
  member: number;
  className: string;
  x: number;
  y: number;
}

export interface EventMarks {
  /** Class of each drawn member the step touches (tv-compare, tv-swap, tv-rotate, tv-write, tv-freed, tv-touch-*). */
  stateClass: Map<number, string>;
  ghosts: Ghost[];
  /** The two slots of a swap when both are drawn, for the arrow between them. */
  swap: [number, number] | null;
}

/**
 * What `current` touches; a member not drawn is shown as a ghost where it was, if that is
 * known. A touch names a slot (heaps) or a word (pointer structures): `holderOf` maps it.
 */
export function eventMarksOf(
  current: SimEvent | null,
  scene: Pick<Scene, 'drawn' | 'ghostX' | 'ghostY'>,
  view: Pick<ViewState, 'holderOf'>,
): EventMarks {
  const { drawn } = scene;
  const stateClass = new Map<number, string>();
  const ghosts: Ghost[] = [];
  let swap: [number, number] | null = null;
  const mark = (member: number, className: string): void => {
    if (member < 0 || member >= drawn.length) return;
    if (drawn[member] === 1) {
      stateClass.set(member, className);
      return;
    }
    const gx = scene.ghostX[member];
    const gy = scene.ghostY[member];
    if (Number.isFinite(gx) && Number.isFinite(gy))
      ghosts.push({ member, className, x: gx, y: gy });
  };
  if (current !== null) {
    switch (current.kind) {
      case 'compare':
        mark(current.slot, 'tv-compare');
        mark(current.other, 'tv-compare');
        break;
      case 'node-compare':
        mark(current.node, 'tv-compare');
        mark(current.other, 'tv-compare');
        break;
      case 'swap':
        mark(current.slot, 'tv-swap');
        mark(current.other, 'tv-swap');
        if (drawn[current.slot] === 1 && drawn[current.other] === 1)
          swap = [current.slot, current.other];
        break;
      case 'rotate':
        mark(current.node, 'tv-rotate');
        break;
      case 'place':
      case 'clear':
      case 'rekey':
        mark(current.slot, 'tv-write');
        break;
      case 'store':
      case 'node-alloc':
      case 'flip':
        mark(current.node, 'tv-write');
        break;
      case 'node-free':
        mark(current.node, 'tv-freed');
        break;
      case 'touch':
        mark(view.holderOf(current.slot), `tv-touch-${current.outcome}`);
        break;
      default:
        break;
    }
  }
  return { stateClass, ghosts, swap };
}
