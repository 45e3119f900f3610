// Offline after one visit: registers the service worker the build generates with Workbox
// (vite-plugin-pwa, configured in vite.config.ts), which caches the page, its workers and their
// WebAssembly kernels, so the tour, the lab, the curves and the article's run work with the
// network gone. A new version is installed in the background and taken on the next load; the
// page says so in one quiet line instead of reloading under the user.
/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { el } from './dom';

/** The line shown once a new version has been installed (the next load opens it). */
const UPDATE_NOTICE =
  'A new version of B-Heap Lab is installed: it opens the next time this page is loaded.';

/** How long the notice stays before it fades away by itself. */
const NOTICE_MS = 15_000;

/**
 * At the latest this long after the page's start the worker is registered, settled or not (a
 * large run recording on a phone, say).
 */
const LATEST_MS = 10_000;

/**
 * Registers the service worker once the page is settled: the returned function says so (called
 * again, it does nothing). Its install fetches and stores every file of the build; begun while
 * the page drew its first step or recorded a large run, it took a core from them (80 ms of the
 * article's run's first step, docs/performance.md). Without service workers (an old browser, a
 * page not served over HTTPS or from localhost, a private window that refuses them) the page
 * works as before, online only.
 */
export function registerOffline(): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  // A page a worker served (not the first visit, whose worker then claims it) that sees the
  // worker change is running the old version while the new one is installed. Listened for
  // from the start: the browser's own check on navigation may find the new version before the
  // page has loaded, when workbox-window is not listening yet.
  const served = navigator.serviceWorker.controller !== null;
  if (served) navigator.serviceWorker.addEventListener('controllerchange', showUpdateNotice);
  let registered = false;
  const register = (): void => {
    if (registered) return;
    registered = true;
    window.clearTimeout(latest);
    registerSW({
      // After the page's load event (at once if it has passed): its own requests come first.
      immediate: false,
      // Called when a new worker has taken over: the default would reload the page, losing the
      // lecture's state.
      onNeedReload: showUpdateNotice,
      onRegisteredSW: (_url: string, registration: ServiceWorkerRegistration | undefined) => {
        // Browsers check on navigation only now and then (and never with background networking
        // off), so a served page asks at once; offline the check fails and this version goes on.
        if (served) registration?.update().catch(() => {});
      },
      onRegisterError: (error: unknown) => {
        console.warn('B-Heap Lab works online only here: the service worker was refused.', error);
      },
    });
  };
  const latest = window.setTimeout(register, LATEST_MS);
  return register;
}

/** Whether the notice has been shown on this page (once is enough, even if dismissed). */
let noticeShown = false;

/** One polite line at the bottom of the window, with a close button; it goes by itself. */
function showUpdateNotice(): void {
  if (noticeShown) return;
  noticeShown = true;
  const close = el('button', { type: 'button', 'aria-label': 'Dismiss' }, ['×']);
  const notice = el('div', { role: 'status', 'data-testid': 'update-notice' }, [
    UPDATE_NOTICE,
    ' ',
    close,
  ]);
  // Styled here, with the theme's tokens, so the notice needs no stylesheet of its own.
  Object.assign(notice.style, {
    position: 'fixed',
    insetInlineStart: 'var(--space-edge)',
    // Above the transport bar at the bottom of the window, whose buttons stay in reach.
    insetBlockEnd: 'calc(3rem + var(--space-edge))',
    maxInlineSize: 'min(36rem, calc(100vw - 2 * var(--space-edge)))',
    padding: '0.4rem 0.6rem',
    borderRadius: 'var(--radius-panel)',
    background: 'var(--panel)',
    color: 'inherit',
    border: '1px solid currentColor',
    fontSize: 'var(--text-small)',
    zIndex: '50',
  });
  Object.assign(close.style, { marginInlineStart: '0.4rem', font: 'inherit' });
  const remove = (): void => notice.remove();
  close.addEventListener('click', remove);
  window.setTimeout(remove, NOTICE_MS);
  document.body.append(notice);
}
