// The page's side of the link worker (worker/linkWorker.ts): a link's packed values are read
// there before the link is parsed here, and tours are read and packed there, so a crafted link
// or a 4 MB tour never holds the main thread. One request of each kind is in flight; a newer
// one of the same kind replaces the one waiting, which answers null (superseded).

import {
  hasPackedValues,
  readPackedValues,
  readTourText,
  rememberPackedValues,
  type TourTextReading,
} from '../../core/scenario/linkPrepass';
import { tourLinkValue } from '../../core/scenario/linkTours';
import type { Tour } from '../../core/scenario/tourFormat';
import type { LinkReply, LinkRequest } from '../../worker/linkProtocol';

type Kind = LinkRequest['kind'];
type Answer<K extends Kind> = Extract<LinkReply, { kind: K }>;
/** A request as sent, less its id. */
type Ask = LinkRequest extends infer R ? (R extends LinkRequest ? Omit<R, 'id'> : never) : never;

interface Waiting {
  request: LinkRequest;
  resolve: (reply: LinkReply | null) => void;
}

export class LinkReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly inFlight = new Map<number, Waiting>();
  private readonly waiting = new Map<Kind, Waiting>();
  private readonly busy = new Set<Kind>();

  /**
   * Reads the link's packed values ahead of its parse (nothing to do for most links: resolved at
   * once, no worker started). False: a newer link was asked for meanwhile, and this one is not.
   */
  async readAhead(link: string): Promise<boolean> {
    if (!hasPackedValues(link)) return true;
    try {
      const reply = await this.ask({ kind: 'link', link }, () => ({
        id: 0,
        kind: 'link',
        reading: readPackedValues(link),
      }));
      if (reply === null) return false;
      rememberPackedValues(reply.reading);
    } catch {
      // The worker failed: the parse reads the values itself (bounded, but here).
    }
    return true;
  }

  /** Reads a tour's JSON (a file: `everyLink`; a kept tour); null if superseded. */
  async readTour(text: string, everyLink: boolean): Promise<TourTextReading | null> {
    const reply = await this.ask({ kind: 'tour-text', text, everyLink }, () => ({
      id: 0,
      kind: 'tour-text',
      reading: readTourText(text, everyLink),
    }));
    if (reply === null) return null;
    // Its scenes' scripts are read: showing a scene only looks them up.
    if (reply.reading.read.ok) rememberPackedValues({ scripts: reply.reading.scripts, tours: [] });
    return reply.reading;
  }

  /** The tourz value that carries `tour` (packed, or a kept tour's id); null if superseded. */
  async tourValue(tour: Tour): Promise<string | null> {
    const reply = await this.ask({ kind: 'tour-value', tour }, () => ({
      id: 0,
      kind: 'tour-value',
      value: tourLinkValue(tour, () => {}),
    }));
    return reply?.value ?? null;
  }

  private ask<K extends Kind>(
    request: Extract<Ask, { kind: K }>,
    here: () => Answer<K>,
  ): Promise<Answer<K> | null> {
    const worker = this.started();
    // No worker (a browser that refuses module workers): the same work, here.
    if (worker === null) return Promise.resolve(here());
    return new Promise<LinkReply | null>((resolve) => {
      const waiting: Waiting = {
        request: { ...request, id: this.nextId++ } as LinkRequest,
        resolve,
      };
      this.waiting.get(request.kind)?.resolve(null);
      this.waiting.set(request.kind, waiting);
      this.sendNext(request.kind);
    }).then((reply) => {
      if (reply === null) return null;
      if (reply.kind === 'error') throw new Error(reply.message);
      return reply as Answer<K>;
    });
  }

  private sendNext(kind: Kind): void {
    const next = this.waiting.get(kind);
    if (next === undefined || this.busy.has(kind) || this.worker === null) return;
    this.waiting.delete(kind);
    this.busy.add(kind);
    this.inFlight.set(next.request.id, next);
    this.worker.postMessage(next.request);
  }

  private heard(reply: LinkReply): void {
    const asked = this.inFlight.get(reply.id);
    if (asked === undefined) return;
    this.inFlight.delete(reply.id);
    const kind = asked.request.kind;
    this.busy.delete(kind);
    // An answer whose kind was asked again meanwhile is stale: the newer request goes next.
    asked.resolve(this.waiting.has(kind) ? null : reply);
    this.sendNext(kind);
  }

  private started(): Worker | null {
    if (this.worker !== null) return this.worker;
    try {
      this.worker = new Worker(new URL('../../worker/linkWorker.ts', import.meta.url), {
        type: 'module',
        name: 'B-Heap Lab links',
      });
    } catch {
      return null;
    }
    this.worker.onmessage = (event: MessageEvent<LinkReply>) => this.heard(event.data);
    this.worker.onerror = (event) => this.failAll(event.message || 'the link worker stopped');
    return this.worker;
  }

  /** The worker failed: every request hears why, and the next one starts a new worker. */
  private failAll(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    const failed: LinkReply = { id: 0, kind: 'error', message };
    for (const asked of [...this.inFlight.values(), ...this.waiting.values()]) {
      asked.resolve({ ...failed, id: asked.request.id });
    }
    this.inFlight.clear();
    this.waiting.clear();
    this.busy.clear();
  }
}

/** The page's one reader. */
export const linkReader = new LinkReader();
