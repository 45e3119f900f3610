// The arena of a pointer structure as its events describe it: what the tree view draws, built
// from events alone, and copied for checkpoints.

/** The arena as the events describe it: what the tree view draws for a pointer structure. */
export interface NodeMirror {
  /** Words per node: node n's key is word n * nodeWords. */
  readonly nodeWords: number;
  readonly key: Float64Array;
  readonly item: Int32Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly parent: Int32Array;
  /** Red (1) / black (0), or a treap priority. */
  readonly tag: Float64Array;
  readonly live: Uint8Array;
}

export function makeMirror(capacity: number, nodeWords: number): NodeMirror {
  return {
    nodeWords,
    key: new Float64Array(capacity + 1),
    item: new Int32Array(capacity + 1),
    left: new Int32Array(capacity + 1),
    right: new Int32Array(capacity + 1),
    parent: new Int32Array(capacity + 1),
    tag: new Float64Array(capacity + 1),
    live: new Uint8Array(capacity + 1),
  };
}

export function copyMirror(mirror: NodeMirror): NodeMirror {
  return {
    nodeWords: mirror.nodeWords,
    key: mirror.key.slice(),
    item: mirror.item.slice(),
    left: mirror.left.slice(),
    right: mirror.right.slice(),
    parent: mirror.parent.slice(),
    tag: mirror.tag.slice(),
    live: mirror.live.slice(),
  };
}

export function setMirror(target: NodeMirror, source: NodeMirror): void {
  target.key.set(source.key);
  target.item.set(source.item);
  target.left.set(source.left);
  target.right.set(source.right);
  target.parent.set(source.parent);
  target.tag.set(source.tag);
  target.live.set(source.live);
}
