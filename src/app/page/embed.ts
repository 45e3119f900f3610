// Embed mode (embed=1): the page inside another page's <iframe>, as a course page or a slide
// shows it: only the two sides and the step controls, with a link that opens the full app in
// the same state. The step range (from, to) and loop=1 are playback's; this owns the chrome.

import { formatScenario } from '../../core/scenario/format';
import { DEFAULT_SCENARIO, type Scenario } from '../../core/scenario/scenario';
import { el } from '../browser/dom';

export class EmbedChrome {
  readonly link: HTMLAnchorElement;

  constructor() {
    this.link = el(
      'a',
      {
        class: 'embed-open',
        'data-testid': 'embed-open-full',
        target: '_blank',
        rel: 'noopener',
        // Shown only once an embedded scenario says so (apply), never while the page loads.
        hidden: '',
      },
      ['Open in B-Heap Lab ↗'],
    );
  }

  /** Shows or hides the embedded page's chrome, and points its link at the same state. */
  apply(scenario: Scenario): void {
    const on = scenario.embed.on;
    document.documentElement.classList.toggle('embedded', on);
    this.link.hidden = !on;
    if (!on) return;
    const full = formatScenario({ ...scenario, embed: DEFAULT_SCENARIO.embed, tour: 'off' });
    // Relative to the page itself, so it opens on whatever static host serves it.
    this.link.href = `${window.location.pathname}?${full}`;
  }
}
