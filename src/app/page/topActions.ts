// The top bar's buttons: copy the link, label tree nodes by key or slot, switch the theme.

import type { TreeLabels } from '../../core/scenario/scenario';
import { el, setText } from '../browser/dom';
import { linkAddress } from '../browser/link';
import { readStored, writeStored } from '../browser/storage';

interface TopActionsHost {
  /** Brings the link up to date (a pending debounced write may not have run yet). */
  writeLink(): void;
  setTreeLabels(labels: TreeLabels): void;
  /** The theme changed: canvases read their colours when drawing, so the page redraws. */
  themeChanged(): void;
}

const THEME_KEY = 'bheap-theme';
/** How long "Link copied" stays before the status clears. */
const COPY_STATUS_MS = 2500;

export interface TopActions {
  root: HTMLElement;
  /**
   * Shows which labels the tree has (a link or a scene may set them). `pathOnly`: the sides show
   * a large run's path view, whose nodes are named by page and slot (it mirrors no keys).
   */
  showTreeLabels(labels: TreeLabels, pathOnly: boolean): void;
}

/** The bar's buttons; `first` go before them (the tour and presenter buttons). */
export function buildTopActions(host: TopActionsHost, first: HTMLElement[] = []): TopActions {
  const labels = buildTreeLabelsToggle(host);
  return {
    root: el('div', { class: 'top-actions' }, [
      ...first,
      buildCopyLink(host),
      labels.button,
      buildThemeToggle(host),
    ]),
    showTreeLabels: labels.show,
  };
}

function buildCopyLink(host: TopActionsHost): HTMLElement {
  const status = el('span', { class: 'link-status', role: 'status' });
  const button = el('button', { type: 'button', 'data-testid': 'copy-link' }, ['Copy link']);
  button.addEventListener('click', () => {
    host.writeLink();
    const url = linkAddress();
    const done = (message: string): void => {
      setText(status, message);
      window.setTimeout(() => setText(status, ''), COPY_STATUS_MS);
    };
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(url).then(
        () => done('Link copied'),
        () => done('Copy failed: the link is in the address bar'),
      );
    } else done('The link is in the address bar');
  });
  return el('span', { class: 'copy' }, [button, status]);
}

function buildTreeLabelsToggle(host: TopActionsHost): {
  button: HTMLButtonElement;
  show: (labels: TreeLabels, pathOnly: boolean) => void;
} {
  let labels: TreeLabels = 'keys';
  const button = el(
    'button',
    { type: 'button', 'data-testid': 'tree-mode', 'aria-pressed': 'false' },
    ['Tree: keys'],
  );
  const show = (next: TreeLabels, pathOnly: boolean): void => {
    labels = next;
    // A large run's path view names its nodes "p488·144" whatever the button says: the button
    // says so, and waits for a run small enough to keep its keys.
    setText(button, pathOnly ? 'Tree: page·slot' : `Tree: ${labels}`);
    button.disabled = pathOnly;
    button.title = pathOnly
      ? 'A large run shows the path of each step, its nodes named by page and slot: it keeps no keys'
      : 'Label tree nodes with their keys or their slot numbers';
    button.setAttribute('aria-pressed', String(labels === 'slots'));
  };
  show(labels, false);
  button.addEventListener('click', () => {
    show(labels === 'keys' ? 'slots' : 'keys', false);
    host.setTreeLabels(labels);
  });
  return { button, show };
}

/** Applies a stored theme at once (before anything reads the palette); else the OS's stands. */
function buildThemeToggle(host: TopActionsHost): HTMLElement {
  const button = el(
    'button',
    { type: 'button', 'data-testid': 'theme', 'aria-label': 'Switch light or dark theme' },
    ['◐ Theme'],
  );
  const root = document.documentElement;
  const stored = readStored(THEME_KEY);
  if (stored === 'dark' || stored === 'light') root.dataset.theme = stored;
  button.addEventListener('click', () => {
    const dark =
      root.dataset.theme === 'dark' ||
      (root.dataset.theme === undefined &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    const next = dark ? 'light' : 'dark';
    root.dataset.theme = next;
    writeStored(THEME_KEY, next);
    host.themeChanged();
  });
  return button;
}
