// The page's controller: owns the scenario (from the link), the timeline, playback and the URL.
// Views only draw what the timeline's event-fed states hold.

import { WORD_BYTES } from '../core/arena';
import { modelCpuSeconds } from '../core/cost';
import type { SimEvent } from '../core/events';
import {
  type CodeLine,
  narrate,
  pointerLine,
  pseudocodeFor,
  pseudocodeLine,
  type Voice,
} from '../core/narrate';
import { SIDES, type SideName, Timeline } from '../core/replay';
import {
  animationKey,
  checkScript,
  DEFAULT_SCENARIO,
  formatScenario,
  PAGE_MAX_ITEMS,
  type PanelId,
  parseScenario,
  type Scenario,
  type ScenarioError,
  scenarioPages,
} from '../core/scenario';
import { SCRIPT_SYNTAX } from '../core/script';
import { STRUCTURE_KINDS, STRUCTURES, type StructureKind } from '../core/structures';
import { drawLegend } from '../view/pageGrid';
import { CurvesPanel } from './curvesPanel';
import { el, setText } from './dom';
import { mountScalingPanel, type ScalingPanelHandle } from './scalingPanel';
import { type SideNumbers, SidePanel } from './sidePanel';
import { recordDuration } from './timing';

/** Playback speeds, in lockstep steps per second. */
const SPEEDS = [1, 3, 10, 30, 100, 300, 1000, 5000] as const;
const DEFAULT_SPEED = 10;

type ControlName =
  | 'left'
  | 'right'
  | 'node'
  | 'items'
  | 'page'
  | 'frames'
  | 'io'
  | 'seed'
  | 'workload'
  | 'ops'
  | 'keys';

/** Which pseudocode a structure follows: the heaps share one, the trees another. */
type Listing = 'heap' | 'list' | 'tree';

function listingOf(kind: StructureKind): Listing {
  if (STRUCTURES[kind].family === 'heap') return 'heap';
  return kind === 'list' ? 'list' : 'tree';
}

export class App {
  private scenario: Scenario = { ...DEFAULT_SCENARIO };
  private timeline: Timeline;
  private readonly panels: SidePanel[];
  private readonly errorBox: HTMLElement;
  private readonly controls = new Map<ControlName, HTMLInputElement | HTMLSelectElement>();
  private readonly scrubber: HTMLInputElement;
  private readonly stepLabel: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly speedSelect: HTMLSelectElement;
  private readonly narration: HTMLElement[];
  private readonly live: HTMLElement;
  /** One pseudocode listing per side; the right one hides when both sides share a listing. */
  private readonly codeBoxes: { box: HTMLElement; lines: Map<string, HTMLElement> }[] = [];
  private codeListings: (Listing | null)[] = [null, null];
  private readonly ratioCell: HTMLElement;
  private readonly linkStatus: HTMLElement;
  private playing = false;
  private lastFrame = 0;
  private carry = 0;
  private hoverPage: number | null = null;
  private renderQueued = false;
  private urlTimer: number | undefined;
  private litLines: (string | null)[] = [null, null];
  /** Counts scenario builds: a slice of a superseded build sees a newer number and stops. */
  private buildGeneration = 0;
  private readonly preparing: HTMLElement;
  private readonly curves: CurvesPanel;
  private readonly tabs = new Map<PanelId, { tab: HTMLButtonElement; panel: HTMLElement }>();
  private readonly scalingBox: HTMLElement;
  private readonly scaling: ScalingPanelHandle;
  private stage: HTMLElement | null = null;

  constructor(private readonly root: HTMLElement) {
    this.errorBox = el('div', {
      class: 'scenario-error',
      'data-testid': 'scenario-error',
      role: 'alert',
      hidden: '',
    });
    this.panels = SIDES.map((side) => new SidePanel(side, (page) => this.setHover(page)));
    this.scrubber = el('input', {
      type: 'range',
      min: '0',
      max: '0',
      value: '0',
      'aria-label': 'Step',
    });
    this.stepLabel = el('span', { class: 'step-label', 'data-testid': 'step-label' });
    this.playButton = el(
      'button',
      { type: 'button', 'data-testid': 'play', 'aria-label': 'Play' },
      ['▶ Play'],
    );
    this.speedSelect = el('select', { 'aria-label': 'Speed', 'data-testid': 'speed' });
    for (const speed of SPEEDS) {
      const option = el('option', { value: String(speed) }, [`${speed} steps/s`]);
      if (speed === DEFAULT_SPEED) option.selected = true;
      this.speedSelect.append(option);
    }
    this.narration = SIDES.map((side) =>
      el('p', { class: `narration narration-${side}`, 'data-testid': `narration-${side}` }),
    );
    this.live = el('div', {
      class: 'visually-hidden',
      'aria-live': 'polite',
      'data-testid': 'live',
    });
    this.ratioCell = el('p', { class: 'ratio', 'data-testid': 'ratio' });
    this.linkStatus = el('span', { class: 'link-status', role: 'status' });
    this.preparing = el('div', {
      class: 'preparing',
      role: 'status',
      'data-testid': 'preparing',
      hidden: '',
    });
    this.scalingBox = el('div', { class: 'scaling-box', 'data-testid': 'scaling-panel' });
    const parsed = parseScenario(window.location.search);
    this.scaling = mountScalingPanel(this.scalingBox, {
      initial: parsed.scenario.scaling,
      onSettings: (settings) => {
        this.scenario.scaling = settings;
        this.writeUrl('push');
      },
    });
    this.curves = new CurvesPanel(parsed.scenario.curves, {
      onSettings: (settings) => {
        this.scenario.curves = settings;
        this.writeUrl('push');
        this.markCurvesFrames();
      },
      onPickFrames: (frames, pages) => this.pickFrames(frames, pages),
      onErrors: (messages) =>
        this.showErrors(
          messages.map((message) => ({ param: 'curves', message })),
          'The curve controls',
        ),
    });
    this.build();
    this.scenario = parsed.scenario;
    // An empty placeholder until the linked scenario is prepared (a few ms for small ones).
    this.timeline = new Timeline({ ...DEFAULT_SCENARIO, workload: 'script', ops: 'i 1' });
    this.loadScenario(parsed.scenario, parsed.scenario.step, parsed.errors, 'This link', 'replace');
    window.addEventListener('popstate', () => this.loadFromUrl());
    window.addEventListener('keydown', (event) => this.onKey(event));
  }

  // ---- building the page -------------------------------------------------------------------

  private build(): void {
    const header = el('header', { class: 'top' }, [
      el('div', { class: 'brand' }, [
        el('h1', {}, ['B-Heap Lab']),
        el('p', { class: 'tagline' }, [
          'Binary heap vs Kamp’s B-heap, and the other timer queues, over LRU virtual memory (“You’re Doing It Wrong”, 2010)',
        ]),
      ]),
      this.buildControls(),
      el('div', { class: 'top-actions' }, [
        this.buildCopyLink(),
        this.buildTreeModeToggle(),
        this.buildThemeToggle(),
      ]),
    ]);
    const transport = this.buildTransport();
    const main = el('main', { class: 'stage' }, [
      el(
        'div',
        { class: 'sides' },
        this.panels.map((panel) => panel.root),
      ),
      this.buildSidebar(),
    ]);
    this.stage = main;
    this.root.append(header, this.errorBox, main, transport, this.live, this.preparing);
  }

  /** The sidebar: the step's explanation, or the fault-cost curves, as two tabs. */
  private buildSidebar(): HTMLElement {
    const stepPanel = el('div', { class: 'tab-panel', id: 'panel-step', role: 'tabpanel' }, [
      el('h2', {}, ['This step']),
      ...this.narration,
      this.ratioCell,
      el('h2', {}, ['Pseudocode']),
      ...this.buildPseudocode(),
      el('h2', {}, ['Legend']),
      this.buildLegend(),
    ]);
    const curvesPanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-curves', role: 'tabpanel', hidden: '' },
      [this.curves.root],
    );
    const scalingPanel = el(
      'div',
      { class: 'tab-panel', id: 'panel-scaling', role: 'tabpanel', hidden: '' },
      [this.scalingBox],
    );
    const tablist = el('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Sidebar' });
    const entries: [PanelId, string, HTMLElement][] = [
      ['step', 'Step', stepPanel],
      ['curves', 'Fault-cost curves', curvesPanel],
      ['scaling', 'Scaling', scalingPanel],
    ];
    for (const [name, label, panel] of entries) {
      const tab = el(
        'button',
        {
          type: 'button',
          role: 'tab',
          'aria-controls': panel.id,
          'data-testid': `tab-${name}`,
        },
        [label],
      );
      tab.addEventListener('click', () => {
        this.scenario.panel = name;
        this.showPanel(name);
        this.writeUrl('replace');
      });
      tablist.append(tab);
      this.tabs.set(name, { tab, panel });
    }
    return el('aside', { class: 'sidebar', 'aria-label': 'Explanation and curves' }, [
      tablist,
      stepPanel,
      curvesPanel,
      scalingPanel,
    ]);
  }

  private showPanel(name: PanelId): void {
    for (const [key, { tab, panel }] of this.tabs) {
      const selected = key === name;
      tab.setAttribute('aria-selected', String(selected));
      panel.hidden = !selected;
    }
    // The charts need room: the sides narrow while a chart tab is open.
    this.stage?.classList.toggle('curves-open', name !== 'step');
    if (name === 'scaling') this.scaling.activate();
    else this.scaling.deactivate();
    // The wider sidebar re-lays out both sides; starting the workers in a task of their own
    // keeps each main-thread task short (the Long Tasks budget is 50 ms).
    window.setTimeout(() => {
      this.curves.setActive(this.scenario.panel === 'curves');
      if (this.scenario.panel === 'curves') this.markCurvesFrames();
    }, 0);
  }

  /** A click on the curves sets the animated scenario's frames to the same pressure, scaled. */
  private pickFrames(frames: number, pages: number): void {
    const scenarioPageCount = scenarioPages(this.scenario);
    const scaled = Math.max(
      1,
      Math.min(scenarioPageCount, Math.round((frames / pages) * scenarioPageCount)),
    );
    this.curves.setNote(
      `Resident pages of the animation set to ${scaled} of ${scenarioPageCount}: the same share as ${frames} of ${pages} in the curves’ run (scaled, since the animated heap is far smaller).`,
    );
    if (scaled === this.scenario.frames) return;
    this.loadScenario({ ...this.scenario, frames: scaled, step: 0 }, 0, [], 'The curves', 'push');
  }

  private markCurvesFrames(): void {
    const results = this.curves.currentPages();
    if (results === null) return;
    const share = this.scenario.frames / scenarioPages(this.scenario);
    this.curves.markScenarioFrames(Math.max(1, Math.round(share * results)));
  }

  private buildControls(): HTMLElement {
    const form = el('form', { class: 'controls', 'aria-label': 'Scenario' });
    form.addEventListener('submit', (event) => event.preventDefault());
    for (const side of SIDES) {
      const select = el('select', { name: side, 'data-testid': `control-${side}` });
      for (const kind of STRUCTURE_KINDS)
        select.append(
          el('option', { value: kind, title: STRUCTURES[kind].title }, [STRUCTURES[kind].short]),
        );
      this.controls.set(side, select);
      form.append(el('label', {}, [side === 'left' ? 'left' : 'right', select]));
    }
    const number = (name: ControlName, label: string, attributes: Record<string, string>): void => {
      const input = el('input', {
        type: 'number',
        name,
        'data-testid': `control-${name}`,
        ...attributes,
      });
      this.controls.set(name, input);
      form.append(el('label', {}, [label, input]));
    };
    number('node', 'node bytes', { min: '32', max: '4096', step: '8' });
    number('items', 'items', { min: '1', max: String(PAGE_MAX_ITEMS), step: '1' });
    const page = el('select', { name: 'page', 'data-testid': 'control-page' });
    for (let size = 4; size <= 4096; size *= 2)
      page.append(el('option', { value: String(size) }, [String(size)]));
    this.controls.set('page', page);
    form.append(el('label', {}, ['items/page', page]));
    number('frames', 'resident pages', { min: '1', step: '1' });
    number('io', 'I/O ms', { min: '0', max: '1000', step: 'any' });
    number('seed', 'seed', { min: '0', max: '4294967295', step: '1' });
    number('keys', 'keys <', { min: '2', max: '2147483648', step: '1' });
    const workload = el('select', { name: 'workload', 'data-testid': 'control-workload' }, [
      el('option', { value: 'phk' }, ['phk (article)']),
      el('option', { value: 'expiry' }, ['expiry (timers)']),
      el('option', { value: 'asterisk' }, ['asterisk (adds, then deletes)']),
      el('option', { value: 'script' }, ['custom script']),
    ]);
    this.controls.set('workload', workload);
    form.append(el('label', {}, ['workload', workload]));
    const ops = el('input', {
      type: 'text',
      name: 'ops',
      'data-testid': 'control-ops',
      placeholder: 'i 5, i 3, i 9, pop, del 2',
      title: SCRIPT_SYNTAX,
      class: 'ops',
    });
    this.controls.set('ops', ops);
    form.append(el('label', { class: 'ops-label' }, ['script', ops]));
    for (const control of this.controls.values()) {
      control.addEventListener('change', () => this.applyControls());
    }
    return form;
  }

  private buildCopyLink(): HTMLElement {
    const button = el('button', { type: 'button', 'data-testid': 'copy-link' }, ['Copy link']);
    button.addEventListener('click', () => {
      this.writeUrl('replace');
      const url = window.location.href;
      const done = (message: string): void => {
        setText(this.linkStatus, message);
        window.setTimeout(() => setText(this.linkStatus, ''), 2500);
      };
      if (navigator.clipboard?.writeText) {
        navigator.clipboard.writeText(url).then(
          () => done('Link copied'),
          () => done('Copy failed: the link is in the address bar'),
        );
      } else done('The link is in the address bar');
    });
    return el('span', { class: 'copy' }, [button, this.linkStatus]);
  }

  private buildTreeModeToggle(): HTMLElement {
    let mode: 'keys' | 'slots' = 'keys';
    const button = el(
      'button',
      { type: 'button', 'data-testid': 'tree-mode', 'aria-pressed': 'false' },
      ['Tree: keys'],
    );
    button.title = 'Label tree nodes with their keys or their slot numbers';
    button.addEventListener('click', () => {
      mode = mode === 'keys' ? 'slots' : 'keys';
      for (const panel of this.panels) panel.tree.setMode(mode);
      setText(button, `Tree: ${mode}`);
      button.setAttribute('aria-pressed', String(mode === 'slots'));
    });
    return button;
  }

  private buildThemeToggle(): HTMLElement {
    const button = el(
      'button',
      { type: 'button', 'data-testid': 'theme', 'aria-label': 'Switch light or dark theme' },
      ['◐ Theme'],
    );
    const stored = window.localStorage.getItem('bheap-theme');
    if (stored === 'dark' || stored === 'light') document.documentElement.dataset.theme = stored;
    button.addEventListener('click', () => {
      const dark =
        document.documentElement.dataset.theme === 'dark' ||
        (document.documentElement.dataset.theme === undefined &&
          window.matchMedia('(prefers-color-scheme: dark)').matches);
      const next = dark ? 'light' : 'dark';
      document.documentElement.dataset.theme = next;
      window.localStorage.setItem('bheap-theme', next);
      this.render();
    });
    return button;
  }

  private buildTransport(): HTMLElement {
    const button = (
      testId: string,
      label: string,
      title: string,
      action: () => void,
    ): HTMLButtonElement => {
      const b = el(
        'button',
        { type: 'button', 'data-testid': testId, title, 'aria-label': title },
        [label],
      );
      b.addEventListener('click', action);
      return b;
    };
    this.playButton.addEventListener('click', () => this.togglePlay());
    this.scrubber.addEventListener('input', () => {
      this.pause();
      this.seek(Number(this.scrubber.value));
    });
    return el('footer', { class: 'transport', 'aria-label': 'Playback' }, [
      button('jump-start', '|◀', 'Jump to start (Home)', () => this.seek(0)),
      button('op-back', '◀◀ op', 'Back one operation (Shift+←)', () => this.stepOperation(-1)),
      button('step-back', '◀ step', 'Back one step (←)', () => this.stepBy(-1)),
      this.playButton,
      button('step-forward', 'step ▶', 'Forward one step (→)', () => this.stepBy(1)),
      button('op-forward', 'op ▶▶', 'Forward one operation (Shift+→)', () => this.stepOperation(1)),
      button('jump-end', '▶|', 'Jump to end (End)', () => this.seek(this.timeline.totalSteps)),
      this.speedSelect,
      this.scrubber,
      this.stepLabel,
    ]);
  }

  private buildPseudocode(): HTMLElement[] {
    return SIDES.map((side: SideName) => {
      const box = el('div', { class: 'code-box', 'data-testid': `pseudocode-${side}` });
      this.codeBoxes.push({ box, lines: new Map() });
      return box;
    });
  }

  /** Fills each listing for the structures now on the sides (one listing when they share it). */
  private showListings(): void {
    const listings = SIDES.map((side) => listingOf(this.scenario[side]));
    const wanted: (Listing | null)[] = [
      listings[0],
      listings[1] === listings[0] ? null : listings[1],
    ];
    wanted.forEach((listing, index) => {
      const code = this.codeBoxes[index];
      if (listing === this.codeListings[index]) return;
      this.codeListings[index] = listing;
      this.litLines[index] = null;
      code.lines.clear();
      code.box.replaceChildren();
      code.box.hidden = listing === null;
      if (listing === null) return;
      const owners = SIDES.filter((_, side) => listings[side] === listing)
        .map((side) => STRUCTURES[this.scenario[side]].title)
        .join(' and ');
      const list = el('ol', {
        class: 'code',
        'data-testid': index === 0 ? 'pseudocode' : 'pseudocode-2',
        'aria-label': `pseudocode of the ${owners}`,
      });
      for (const line of pseudocodeFor(listing) as readonly CodeLine[]) {
        const item = el('li', { class: `indent-${line.indent}`, 'data-line': line.id }, [
          line.text,
        ]);
        code.lines.set(line.id, item);
        list.append(item);
      }
      code.box.append(el('p', { class: 'code-owner' }, [owners]), list);
    });
  }

  private buildLegend(): HTMLElement {
    const box = el('div', { class: 'legend' });
    drawLegend(box);
    return box;
  }

  // ---- scenario, URL and controls -------------------------------------------------------

  private showErrors(errors: readonly ScenarioError[], source: string): void {
    this.errorBox.replaceChildren();
    if (errors.length === 0) {
      this.errorBox.hidden = true;
      return;
    }
    this.errorBox.hidden = false;
    this.errorBox.append(
      el('strong', {}, [`${source} had ${errors.length === 1 ? 'a problem' : 'problems'}:`]),
    );
    const list = el('ul');
    for (const error of errors) list.append(el('li', {}, [error.message]));
    const dismiss = el('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss' }, [
      '×',
    ]);
    dismiss.addEventListener('click', () => {
      this.errorBox.hidden = true;
    });
    this.errorBox.append(list, dismiss);
  }

  private syncControls(): void {
    const values: Record<ControlName, string> = {
      left: this.scenario.left,
      right: this.scenario.right,
      node: String(this.scenario.nodeBytes),
      items: String(this.scenario.items),
      page: String(this.scenario.itemsPerPage),
      frames: String(this.scenario.frames),
      io: String(this.scenario.ioMs),
      seed: String(this.scenario.seed),
      workload: this.scenario.workload,
      ops: this.scenario.ops,
      keys: String(this.scenario.keys),
    };
    for (const [name, control] of this.controls) control.value = values[name];
    const frames = this.controls.get('frames');
    if (frames !== undefined) frames.setAttribute('max', String(scenarioPages(this.scenario)));
    const isScript = this.scenario.workload === 'script';
    this.controls.get('ops')?.closest('label')?.toggleAttribute('hidden', !isScript);
    this.controls.get('items')?.toggleAttribute('disabled', isScript);
    const pointer = [this.scenario.left, this.scenario.right].some(
      (kind) => STRUCTURES[kind].family === 'pointer',
    );
    this.controls.get('node')?.closest('label')?.toggleAttribute('hidden', !pointer);
  }

  /** Reads the controls through the link parser, so a control refuses what a link refuses. */
  private applyControls(): void {
    const params = new URLSearchParams();
    for (const [name, control] of this.controls) {
      if (name === 'ops' && this.controls.get('workload')?.value !== 'script') continue;
      if (name === 'node' && control.closest('label')?.hasAttribute('hidden')) continue;
      params.set(name, control.value.trim());
    }
    const parsed = parseScenario(params.toString());
    // A refused control keeps its previous value rather than jumping to the default.
    const next: Scenario = {
      ...parsed.scenario,
      step: 0,
      panel: this.scenario.panel,
      curves: this.scenario.curves,
      scaling: this.scenario.scaling,
    };
    for (const error of parsed.errors) {
      if (error.param === 'items') next.items = this.scenario.items;
      if (error.param === 'seed') next.seed = this.scenario.seed;
      if (error.param === 'keys') next.keys = this.scenario.keys;
      if (error.param === 'io') next.ioMs = this.scenario.ioMs;
      // A refused script (only sent with workload=script) keeps the previous one, unless the
      // new sides cannot run that either: then the parser's fallback stands.
      if (error.param === 'ops') {
        const kept = { ...next, workload: 'script' as const, ops: this.scenario.ops };
        if (checkScript(kept) === null) {
          next.ops = kept.ops;
          next.workload = kept.workload;
        }
      }
      if (error.param === 'node') next.nodeBytes = this.scenario.nodeBytes;
    }
    next.frames = Math.min(next.frames, scenarioPages(next));
    this.loadScenario(next, 0, parsed.errors, 'The controls', 'push');
  }

  private loadFromUrl(): void {
    const parsed = parseScenario(window.location.search);
    const same = animationKey(parsed.scenario) === animationKey(this.scenario);
    this.curves.setSettings(parsed.scenario.curves);
    this.scaling.setSettings(parsed.scenario.scaling);
    if (same && this.timeline.ready) {
      this.pause();
      this.scenario = parsed.scenario;
      this.showErrors([...parsed.errors, ...this.afterTimeline(parsed.scenario.step)], 'This link');
    } else
      this.loadScenario(parsed.scenario, parsed.scenario.step, parsed.errors, 'This link', null);
  }

  /**
   * Prepares a scenario's timeline in slices of at most ~8 ms, so even the largest scenario
   * never blocks the page: the current one stays on screen (and playable) until the new one is
   * ready, and a newer request supersedes an older one still being prepared.
   */
  private loadScenario(
    scenario: Scenario,
    step: number | 'end',
    errors: ScenarioError[],
    source: string,
    history: 'push' | 'replace' | null,
  ): void {
    this.pause();
    const generation = ++this.buildGeneration;
    const timeline = new Timeline(scenario, { deferred: true });
    const slice = (): void => {
      if (generation !== this.buildGeneration) return;
      if (!timeline.prepareFor(8, () => performance.now())) {
        this.preparing.hidden = false;
        setText(this.preparing, `Preparing the scenario… ${Math.floor(timeline.progress * 100)}%`);
        window.setTimeout(slice, 0);
        return;
      }
      this.preparing.hidden = true;
      this.scenario = scenario;
      this.timeline = timeline;
      this.panels.forEach((panel, index) => {
        panel.setStructure(scenario[SIDES[index]]);
      });
      this.showListings();
      this.showErrors([...errors, ...this.afterTimeline(step)], source);
      if (history !== null) this.writeUrl(history);
    };
    slice();
  }

  /** Puts the new timeline at `step`; returns a message if the step is beyond the scenario. */
  private afterTimeline(step: number | 'end'): ScenarioError[] {
    const total = this.timeline.totalSteps;
    this.scrubber.max = String(total);
    const errors: ScenarioError[] = [];
    let target = step === 'end' ? total : step;
    if (target > total) {
      errors.push({
        param: 'step',
        message: `step must be from 0 to ${total} for this scenario (or "end"), got ${target}; using 0`,
      });
      target = 0;
    }
    this.timeline.seek(0);
    this.timeline.seek(target);
    this.scenario.step = step === 'end' ? 'end' : target;
    this.syncControls();
    this.showPanel(this.scenario.panel);
    this.render();
    return errors;
  }

  private writeUrl(mode: 'push' | 'replace'): void {
    const query = `?${formatScenario(this.scenario)}`;
    if (query === window.location.search) return;
    if (mode === 'push') window.history.pushState(null, '', query);
    else window.history.replaceState(null, '', query);
  }

  // ---- playback -----------------------------------------------------------------------------

  private seek(step: number): void {
    // User Timing entries: the e2e performance report reads these (no timed unit tests).
    const started = performance.now();
    this.timeline.seek(step);
    recordDuration('bheap:seek', started);
    const now = this.timeline.step;
    this.scenario.step = now === this.timeline.totalSteps && now > 0 ? 'end' : now;
    this.scheduleRender();
    window.clearTimeout(this.urlTimer);
    this.urlTimer = window.setTimeout(() => this.writeUrl('replace'), this.playing ? 500 : 120);
  }

  private stepBy(delta: number): void {
    this.pause();
    this.seek(this.timeline.step + delta);
  }

  private stepOperation(direction: 1 | -1): void {
    this.pause();
    const step = this.timeline.step;
    this.seek(
      direction > 0 ? this.timeline.nextOpBoundary(step) : this.timeline.previousOpBoundary(step),
    );
  }

  private togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  private play(): void {
    if (this.timeline.step >= this.timeline.totalSteps) this.seek(0);
    this.playing = true;
    this.lastFrame = performance.now();
    this.carry = 0;
    this.updatePlayButton();
    requestAnimationFrame((time) => this.tick(time));
  }

  private pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.updatePlayButton();
    this.writeUrl('replace');
    this.render();
  }

  private updatePlayButton(): void {
    setText(this.playButton, this.playing ? '⏸ Pause' : '▶ Play');
    this.playButton.setAttribute('aria-label', this.playing ? 'Pause' : 'Play');
    this.playButton.setAttribute('aria-pressed', String(this.playing));
  }

  private tick(time: number): void {
    if (!this.playing) return;
    const speed = Number(this.speedSelect.value);
    this.carry += ((time - this.lastFrame) / 1000) * speed;
    this.lastFrame = time;
    const whole = Math.floor(this.carry);
    if (whole > 0) {
      this.carry -= whole;
      this.seek(this.timeline.step + whole);
    }
    if (this.timeline.step >= this.timeline.totalSteps) {
      this.pause();
      return;
    }
    requestAnimationFrame((next) => this.tick(next));
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.target;
    if (target instanceof Element && target.closest('.curves') !== null) return;
    if (target instanceof HTMLInputElement && target.type !== 'range') return;
    if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let handled = true;
    if (event.key === ' ' || event.code === 'Space') {
      if (target instanceof HTMLButtonElement) return; // the button's own click handles it
      this.togglePlay();
    } else if (event.key === 'ArrowRight') {
      if (event.shiftKey) this.stepOperation(1);
      else this.stepBy(1);
    } else if (event.key === 'ArrowLeft') {
      if (event.shiftKey) this.stepOperation(-1);
      else this.stepBy(-1);
    } else if (event.key === 'Home') {
      this.pause();
      this.seek(0);
    } else if (event.key === 'End') {
      this.pause();
      this.seek(this.timeline.totalSteps);
    } else handled = false;
    if (handled) event.preventDefault();
  }

  private setHover(page: number | null): void {
    if (page === this.hoverPage) return;
    this.hoverPage = page;
    this.scheduleRender();
  }

  // ---- drawing ------------------------------------------------------------------------------

  private scheduleRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  /**
   * Numbers for one side; the simulated time uses the article's CPU calibration for its two
   * heaps and the access model (17.8 ns per word) for the other structures.
   */
  private numbers(index: number): SideNumbers {
    const side = this.timeline.sides[index];
    const c = side.view.counters;
    const items =
      this.scenario.workload === 'script'
        ? Math.max(2, this.timeline.pages * this.scenario.itemsPerPage)
        : this.scenario.items;
    const cpu = modelCpuSeconds(side.kind, items, c.operations, side.view.accesses);
    return {
      comparisons: c.comparisons,
      swaps: c.swaps,
      pageins: c.pageIns,
      writebacks: c.writebacks,
      zerofill: c.zeroFills,
      seconds: cpu + ((c.pageIns + c.writebacks) * this.scenario.ioMs) / 1000,
    };
  }

  private render(): void {
    const started = performance.now();
    this.draw();
    recordDuration('bheap:render', started);
  }

  private draw(): void {
    const timeline = this.timeline;
    const events = timeline.currentEvents();
    const step = timeline.step;
    const k = timeline.opAt(step);
    const opText =
      k < 0
        ? 'Before the first operation'
        : `Operation ${k + 1} of ${timeline.ops.length}: ${timeline.opKindAt(k) ?? ''}`;
    const numbers = this.panels.map((_, index) => this.numbers(index));
    this.panels.forEach((panel, index) => {
      panel.render(
        timeline.sides[index].view,
        events[index],
        numbers[index],
        opText,
        this.hoverPage,
      );
    });
    this.scrubber.value = String(step);
    setText(this.stepLabel, `step ${step} / ${timeline.totalSteps}`);
    this.renderNarration(events);
    this.renderRatio(numbers);
  }

  private renderNarration(events: (SimEvent | null)[]): void {
    const sentences = events.map((event, index) => {
      const name = STRUCTURES[this.timeline.sides[index].kind].title;
      if (event === null) {
        return this.timeline.step === 0
          ? `${name}: press → or Play to start.`
          : `${name}: waiting for the other side to finish this operation.`;
      }
      return `${name}: ${narrate(event, this.voiceOf(index))}`;
    });
    sentences.forEach((sentence, index) => {
      setText(this.narration[index], sentence);
    });
    if (!this.playing) setText(this.live, sentences.join(' '));
    // Each listing is lit by the sides that follow it (both, when they share one).
    this.codeBoxes.forEach((code, box) => {
      const listing = this.codeListings[box];
      if (listing === null) return;
      let line: string | null = null;
      let seen = false;
      events.forEach((event, index) => {
        if (event === null || listingOf(this.timeline.sides[index].kind) !== listing) return;
        seen = true;
        const op = this.timeline.sides[index].view.currentOp?.op ?? null;
        const next = listing === 'heap' ? pseudocodeLine(event) : pointerLine(event, listing, op);
        line = next ?? line;
      });
      if (line === null && seen) line = this.litLines[box];
      if (line !== this.litLines[box]) {
        const previous = this.litLines[box];
        if (previous !== null) code.lines.get(previous)?.classList.remove('lit');
        if (line !== null) code.lines.get(line)?.classList.add('lit');
        this.litLines[box] = line;
      }
    });
  }

  private voiceOf(index: number): Voice {
    const kind = this.timeline.sides[index].kind;
    return {
      family: STRUCTURES[kind].family,
      nodeWords: this.scenario.nodeBytes / WORD_BYTES,
    };
  }

  private renderRatio(numbers: SideNumbers[]): void {
    const [left, right] = numbers;
    const [leftName, rightName] = this.timeline.sides.map((side) => STRUCTURES[side.kind].title);
    const transfersLeft = left.pageins + left.writebacks;
    const transfersRight = right.pageins + right.writebacks;
    const ratio = transfersRight > 0 ? (transfersLeft / transfersRight).toFixed(2) : '—';
    const timeRatio = right.seconds > 0 ? (left.seconds / right.seconds).toFixed(2) : '—';
    setText(
      this.ratioCell,
      `Transfers so far: ${leftName} ${transfersLeft}, ${rightName} ${transfersRight} (ratio ${ratio}); simulated time ratio ${leftName} / ${rightName} ${timeRatio}.`,
    );
  }
}
