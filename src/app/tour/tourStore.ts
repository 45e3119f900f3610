// Tours too large for a link, kept in this browser (IndexedDB): the link names the kept tour by
// its id (tourz=kept.<id>), and a page loaded with such a link reads the tour back before it
// shows anything, so a reload shows the teacher's tour, never another (links.md, "Tours").

import {
  isKeptTourValue,
  KEPT_TOUR_PREFIX,
  restoreKeptTour,
  tourLinkValue,
} from '../../core/scenario/linkTours';
import {
  parseTourJson,
  sceneLinkFormProblem,
  type Tour,
  tourToJson,
} from '../../core/scenario/tourFormat';
import { deleteLarge, getLarge, putLarge } from '../browser/storage';

const STORE = 'kept-tours';
/** The store's list of kept tours, oldest first (a key no tour id can take). */
const INDEX_KEY = 'index';
/** Kept tours past this many, oldest first, are dropped: each may be a few MB. */
const KEPT_TOURS_MAX = 8;

/** Each tour kept this session: whether the store took it. */
const stored = new Map<string, Promise<boolean>>();

/**
 * The tourz value that carries `tour`: the tour packed when a link holds it, else the id of the
 * tour kept in this browser (stored the first time).
 */
export function tourValue(tour: Tour): string {
  return tourLinkValue(tour, (value, kept) => {
    if (!stored.has(value)) stored.set(value, store(value, kept));
  });
}

/** Whether the tour behind a tourz value is kept in this browser rather than in its link. */
export function isKeptTour(value: string | null): boolean {
  return value !== null && isKeptTourValue(value);
}

/** Whether this browser stored the kept tour (false: it lasts only until the page closes). */
export function keptTourStored(value: string): Promise<boolean> {
  return stored.get(value) ?? Promise.resolve(false);
}

/** The kept tour a link names (tourz=kept.<id>), or null. */
export function keptTourNamed(link: string): string | null {
  const hashAt = link.indexOf('#');
  // A fragment may be 600,000 characters: it is read only when it may name one.
  if (hashAt < 0 || !link.includes(KEPT_TOUR_PREFIX, hashAt)) return null;
  const value = new URLSearchParams(link.slice(hashAt + 1)).get('tourz');
  return value?.startsWith(KEPT_TOUR_PREFIX) ? value : null;
}

/**
 * Reads a kept tour back from the store, checked as a file is when it opens; the link parser
 * then finds it. Missing or unreadable, the parser names it and the page goes on.
 */
export async function restoreKept(value: string): Promise<void> {
  if (!isKeptTourValue(value)) return;
  const record = await getLarge(STORE, value);
  if (typeof record !== 'string') return;
  const parsed = parseTourJson(record, sceneLinkFormProblem);
  if (!parsed.ok) return;
  restoreKeptTour(value, parsed.tour);
  stored.set(value, Promise.resolve(true));
  // The tour in use is the last to be dropped.
  await putLarge(STORE, INDEX_KEY, [...(await keptIndex()).filter((v) => v !== value), value]);
}

async function store(value: string, tour: Tour): Promise<boolean> {
  if (!(await putLarge(STORE, value, tourToJson(tour)))) return false;
  const index = [...(await keptIndex()).filter((kept) => kept !== value), value];
  const dropped = index.slice(0, Math.max(0, index.length - KEPT_TOURS_MAX));
  for (const old of dropped) await deleteLarge(STORE, old);
  return putLarge(STORE, INDEX_KEY, index.slice(dropped.length));
}

async function keptIndex(): Promise<string[]> {
  const index = await getLarge(STORE, INDEX_KEY);
  return Array.isArray(index)
    ? index.filter((value): value is string => typeof value === 'string')
    : [];
}
