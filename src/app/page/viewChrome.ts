// How the page frames the scenario: tree labels, the focused side, embedding, and the scenario's
// controls drawer (folded in a tour, and wherever the visitor folded it).

import { SIDES } from '../../core/replay/side';
import { isLargeRun } from '../../core/scenario/pageLimits';
import { animatedRun, type Scenario } from '../../core/scenario/scenario';
import { el, setText } from '../browser/dom';
import { scenarioSummary } from '../controls/summary';
import type { StageLayout } from '../frame/stageLayout';
import { foldAllSettings } from '../series/settingsFold';
import type { SidePanel } from '../side/sidePanel';
import type { EmbedChrome } from './embed';
import type { TopActions } from './topActions';

export class ViewChrome {
  /** The drawer that holds the scenario's controls. */
  readonly drawer: HTMLElement;
  /** "⚙ Scenario": opens and folds the drawer. */
  readonly toggle: HTMLButtonElement;
  /** The folded controls' one line: what runs ("Binary heap vs B-heap · 48 items · …"); opens them. */
  readonly summary: HTMLButtonElement;
  /** What the sides show while the scenario asked for is prepared: what is coming. */
  readonly pendingNote: HTMLElement;
  /** The visitor opened (false) or folded (true) the controls; null: the layout decides. */
  private folded: boolean | null = null;
  /** The layout folds the controls by default (below 1440 px, presenting). */
  private foldByDefault = false;
  /** The stage's layout, as last applied. */
  private layout: StageLayout | null = null;

  constructor(controls: HTMLElement) {
    this.drawer = el('div', { class: 'controls-drawer', id: 'scenario-controls' }, [controls]);
    this.pendingNote = el('p', { class: 'pending-note', 'data-testid': 'pending-note' });
    this.toggle = el(
      'button',
      {
        type: 'button',
        'data-testid': 'controls-toggle',
        'aria-controls': 'scenario-controls',
        'aria-expanded': 'true',
      },
      ['⚙ Scenario'],
    );
    this.toggle.addEventListener('click', () => {
      const open = this.drawer.hidden;
      this.folded = !open;
      this.showControls(open);
    });
    this.summary = el('button', {
      type: 'button',
      class: 'controls-summary',
      'data-testid': 'controls-summary',
      'aria-controls': 'scenario-controls',
      title: 'The scenario that runs: open its settings',
    });
    this.summary.addEventListener('click', () => {
      this.folded = false;
      this.showControls(true);
      this.drawer.querySelector<HTMLElement>('select, input')?.focus();
    });
  }

  /**
   * Applies the stage's layout to the document (its name and subject as data attributes, which
   * the style sheets read) and to the views that draw text themselves.
   */
  applyLayout(layout: StageLayout, panels: readonly SidePanel[]): void {
    const root = document.documentElement;
    root.dataset.layout = layout.name;
    root.dataset.subject = layout.subject;
    root.classList.toggle('no-strip', !layout.strip);
    this.foldByDefault = layout.foldControls;
    this.layout = layout;
    for (const panel of panels) {
      panel.grid.setLeastText(layout.leastText);
      panel.tree.setLegend(layout.treeLegend);
    }
  }

  /** Tree labels, the focused side, highlights, embedding and the controls, as `scenario` asks. */
  apply(
    scenario: Scenario,
    parts: { topActions: TopActions; panels: readonly SidePanel[]; embed: EmbedChrome },
  ): void {
    const { view } = scenario;
    parts.topActions.showTreeLabels(view.tree, isLargeRun(animatedRun(scenario)));
    parts.panels.forEach((panel, sideIndex) => {
      panel.tree.setMode(view.tree);
      const side = SIDES[sideIndex];
      panel.root.classList.toggle('dimmed', view.focus !== 'both' && view.focus !== side);
    });
    // A scene about one side gives it the larger share of the width (layout.css).
    document.documentElement.dataset.focus = view.focus;
    parts.embed.apply(scenario);
    const summary = scenarioSummary(scenario);
    setText(this.summary, summary);
    setText(this.pendingNote, `Preparing ${summary}…`);
    // The scenario's controls are for the bare lab; a scene opens with them folded away.
    const touring = typeof scenario.tour === 'number';
    this.showControls(!touring && !(this.folded ?? this.foldByDefault));
    // A chart panel's settings fold where the chart needs the room: a tour's chart scene, a
    // projector, a phone; a bare lab with room keeps them open under the chart.
    const name = this.layout?.name;
    foldAllSettings(
      touring ||
        (this.layout?.presenting ?? false) ||
        name === 'phone' ||
        name === 'phone-landscape',
    );
  }

  /**
   * Whether the sides show a placeholder instead of their figure: the scenario asked for is
   * still being prepared. Both ways at once: a frame later, the sides would show the last
   * scenario's drawing under the new scene's caption for that frame (a chart scene's turn to a
   * large run showed the lab's last state). The placeholder's words wait a moment in CSS
   * (lecture.css), so a scenario ready a frame later blanks the sides for that frame and never
   * flashes "Preparing".
   */
  setPending(pending: boolean): void {
    document.documentElement.toggleAttribute('data-pending', pending);
  }

  private showControls(open: boolean): void {
    this.drawer.hidden = !open;
    this.summary.hidden = open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.classList.toggle('active', open);
  }
}
