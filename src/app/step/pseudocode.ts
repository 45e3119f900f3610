// The step tab's pseudocode listings (one per side, or one shared), the step's line lit.

import { pseudocodeFor } from '../../core/explain/narrate';
import { SIDES } from '../../core/replay/side';
import type { StructureKind } from '../../core/structures/registry';
import { el } from '../browser/dom';
import {
  type Listing,
  lineToLight,
  listingOwners,
  type SideAtStep,
  shownListings,
} from './listings';

/** One box per side, in side order; a box's lines by their pseudocode line id. */
interface CodeBox {
  box: HTMLElement;
  lines: Map<string, HTMLElement>;
  listing: Listing | null;
  litLine: string | null;
  /** The caption naming the structures that follow the listing ("Binary heap and B-heap"). */
  owners: string;
}

export class Pseudocode {
  private readonly codeBoxes: CodeBox[];

  constructor() {
    this.codeBoxes = SIDES.map((side) => ({
      box: el('div', { class: 'code-box', 'data-testid': `pseudocode-${side}` }),
      lines: new Map(),
      listing: null,
      litLine: null,
      owners: '',
    }));
  }

  get boxes(): HTMLElement[] {
    return this.codeBoxes.map((code) => code.box);
  }

  /**
   * Fills each box with the listing for the structures now on the sides. A box whose listing
   * and structures are unchanged is left as it is (its lit line too).
   */
  show(kinds: readonly StructureKind[]): void {
    shownListings(kinds).forEach((listing, boxIndex) => {
      const code = this.codeBoxes[boxIndex];
      // A new structure with the same listing (the binary heap swapped for the strict B-heap)
      // still renames the box: its caption and label say whose code it is.
      const owners = listing === null ? '' : listingOwners(kinds, listing);
      if (listing === code.listing && owners === code.owners) return;
      code.listing = listing;
      code.owners = owners;
      code.litLine = null;
      code.lines.clear();
      code.box.replaceChildren();
      code.box.hidden = listing === null;
      if (listing === null) return;
      const list = el('ol', {
        class: 'code',
        'data-testid': boxIndex === 0 ? 'pseudocode' : 'pseudocode-2',
        'aria-label': `pseudocode of the ${owners}`,
      });
      for (const line of pseudocodeFor(listing)) {
        const item = el('li', { class: `indent-${line.indent}`, 'data-line': line.id }, [
          line.text,
        ]);
        code.lines.set(line.id, item);
        list.append(item);
      }
      code.box.append(el('p', { class: 'code-owner' }, [owners]), list);
    });
  }

  /** Lights, in each listing, the line the sides that follow it are on. */
  light(sides: readonly SideAtStep[]): void {
    for (const code of this.codeBoxes) {
      if (code.listing === null) continue;
      const line = lineToLight(code.listing, sides, code.litLine);
      if (line === code.litLine) continue;
      if (code.litLine !== null) code.lines.get(code.litLine)?.classList.remove('lit');
      if (line !== null) code.lines.get(line)?.classList.add('lit');
      code.litLine = line;
    }
  }
}
