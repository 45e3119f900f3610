// How a reader moves a chart's readout: the keys it answers, and the pointer's x in SVG pixels.

export type ReadoutMove = 'previous' | 'next' | 'first' | 'last' | 'pick';

/** What a key asks of the readout, or null for a key the chart leaves to the page. */
export function readoutMove(key: string): ReadoutMove | null {
  switch (key) {
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowRight':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Enter':
      return 'pick';
    default:
      return null;
  }
}

/**
 * Hands a key to the chart (`act` says whether it used it). A used key goes no further: the page
 * binds the same keys to stepping the animation, and they must not fire twice.
 */
export function onReadoutKey(
  event: KeyboardEvent,
  act: (move: ReadoutMove, shift: boolean) => boolean,
): void {
  const move = readoutMove(event.key);
  if (move === null || !act(move, event.shiftKey)) return;
  event.preventDefault();
  event.stopPropagation();
}

/** The pointer's x in SVG pixels: the drawing may be shown scaled within its box. */
export function pointerX(event: MouseEvent, svg: SVGSVGElement, drawnWidth: number): number {
  const box = svg.getBoundingClientRect();
  const scaleX = box.width > 0 ? drawnWidth / box.width : 1;
  return (event.clientX - box.left) * scaleX;
}
