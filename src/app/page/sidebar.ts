// The sidebar's tabs (step, fault-cost curves, scaling, on this machine), one shown at a time.

import type { CurveSettings } from '../../core/experiments/curveSettings';
import type { MachineSettings } from '../../core/experiments/machine';
import type { ScalingSettings } from '../../core/experiments/scalingSeries';
import type { PanelId } from '../../core/scenario/scenario';
import { el } from '../browser/dom';
import type { SeriesPanelHandle } from '../series/panelHandle';

interface SidebarTabs {
  /** The step tab's contents. */
  step: HTMLElement[];
  /** The curves tab's box, and the panel mounted in it. */
  curvesBox: HTMLElement;
  curves: SeriesPanelHandle<CurveSettings>;
  /** The scaling tab's box, and the panel mounted in it. */
  scalingBox: HTMLElement;
  scaling: SeriesPanelHandle<ScalingSettings>;
  /** The machine tab's box, and the panel mounted in it. */
  machineBox: HTMLElement;
  machine: SeriesPanelHandle<MachineSettings>;
}

interface SidebarHost {
  /** A tab was clicked (the host records it, shows it and updates the link). */
  tabClicked(panel: PanelId): void;
  /** The charts need room: the sides narrow while a chart tab is open. */
  chartTabOpen(open: boolean): void;
}

export class Sidebar {
  readonly root: HTMLElement;
  private readonly tabs = new Map<PanelId, { tab: HTMLButtonElement; panel: HTMLElement }>();

  constructor(
    private readonly content: SidebarTabs,
    private readonly host: SidebarHost,
  ) {
    const stepPanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-step', role: 'tabpanel' },
      content.step,
    );
    const curvesPanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-curves', role: 'tabpanel', hidden: '' },
      [content.curvesBox],
    );
    const scalingPanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-scaling', role: 'tabpanel', hidden: '' },
      [content.scalingBox],
    );
    const machinePanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-machine', role: 'tabpanel', hidden: '' },
      [content.machineBox],
    );
    const tablist = el('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Sidebar' });
    // Each tab's name, and the word it keeps in a narrow sidebar (a laptop's 260 px), where the
    // whole name wrapped to three lines or was cut ("Or ma…").
    const entries: [PanelId, string, string, HTMLElement][] = [
      ['step', 'Step', 'Step', stepPanel],
      ['curves', 'Fault-cost curves', 'Curves', curvesPanel],
      ['scaling', 'Scaling', 'Scaling', scalingPanel],
      ['machine', 'On this machine', 'Machine', machinePanel],
    ];
    for (const [name, label, short, panel] of entries) {
      const tab = el(
        'button',
        {
          type: 'button',
          role: 'tab',
          'aria-controls': panel.id,
          'data-testid': `tab-${name}`,
        },
        label === short
          ? [label]
          : [
              el('span', { class: 'tab-name' }, [label]),
              el('span', { class: 'tab-short' }, [short]),
            ],
      );
      tab.addEventListener('click', () => host.tabClicked(name));
      tablist.append(tab);
      this.tabs.set(name, { tab, panel });
    }
    this.root = el('aside', { class: 'sidebar', 'aria-label': 'Explanation and curves' }, [
      tablist,
      stepPanel,
      curvesPanel,
      scalingPanel,
      machinePanel,
    ]);
  }

  show(name: PanelId): void {
    for (const [key, { tab, panel }] of this.tabs) {
      const selected = key === name;
      tab.setAttribute('aria-selected', String(selected));
      panel.hidden = !selected;
    }
    this.host.chartTabOpen(name !== 'step');
    const { curves, scaling, machine } = this.content;
    const charts: [PanelId, SeriesPanelHandle<unknown>][] = [
      ['curves', curves],
      ['scaling', scaling],
      ['machine', machine],
    ];
    // Hidden ones first: a panel stops drawing before another starts.
    for (const [id, panel] of charts) if (id !== name) panel.deactivate();
    for (const [id, panel] of charts) if (id === name) panel.activate();
  }
}
