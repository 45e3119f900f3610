// The address bar: reads the link, writes the history (push or replace), reports Back/Forward.

/** Push adds a history entry (a new scenario); replace rewrites the current one (a step, a tab). */
export type HistoryMode = 'push' | 'replace';

/** The link as the parser reads it: the query and the fragment (where long scripts travel). */
export function readLink(): string {
  return window.location.search + window.location.hash;
}

/** The whole address, as Copy link hands it out. */
export function linkAddress(): string {
  return window.location.href;
}

/** Calls `listener` when Back or Forward moves to another of the page's links. */
export function onHistoryMove(listener: () => void): void {
  window.addEventListener('popstate', listener);
}

/**
 * The page's only writer of window.history: writes the link `query()` gives (`?…`, maybe `#…`) into the history, now or after a pause.
 * An unchanged link is not written, so no empty history entries pile up. `query()` gives null
 * while the page may not write its link (a newer request is not on screen yet): nothing is
 * written then, so what is on screen never writes its link over the one a reader asked for.
 */
export class LinkWriter {
  private timer: number | undefined;
  /** A new scenario's entry is due (pushNext): the next write pushes, whoever asks for it. */
  private pushDue = false;

  constructor(private readonly query: () => string | null) {}

  now(mode: HistoryMode): void {
    const query = this.query();
    if (query === null || query === readLink()) return;
    if (mode === 'push' || this.pushDue) {
      this.pushDue = false;
      window.history.pushState(null, '', query);
    } else window.history.replaceState(null, '', query);
  }

  /**
   * The scenario on screen gets an entry of its own, written in a task to come: a replace that
   * comes first (a kept tour just stored, a cursor's write) pushes it instead. Else it would
   * write the new link over the old entry, the push would find it written and add none, and
   * Back would skip the old scene. (The property's "history entry 49, expected 50" that first
   * suggested this was Chromium's 50-entry cap; the guard stands for the sequence itself.)
   */
  pushNext(): void {
    this.pushDue = true;
  }

  /** A newer request: the entry due for the one before it is not written by anyone else. */
  dropPush(): void {
    this.pushDue = false;
  }

  /**
   * Replaces the link once `delayMs` pass without another call: seeking many times a second
   * must not flood the history API (browsers throttle it). now() leaves a pending write alone:
   * it writes the link as it is when it fires, usually already written, so nothing.
   */
  soon(delayMs: number): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      this.now('replace');
    }, delayMs);
  }

  /**
   * Writes a write that waits, now, before a new scenario is asked for: the old entry keeps the
   * cursor's last step (once the request is made, the link writes nothing until it lands).
   */
  flush(): void {
    if (this.timer === undefined) return;
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.now('replace');
  }
}
