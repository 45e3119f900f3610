// Tours too large for a link, kept in this browser (IndexedDB): the link names the kept tour by
// its id (tourz=kept.<id>), and a page loaded with such a link reads the tour back before it
// shows anything, so a reload shows the teacher's tour, never another (links.md, "Tours").

import { packedValuesIn } from '../../core/scenario/linkPrepass';
import {
  isKeptTourValue,
  KEPT_TOUR_PREFIX,
  keptTourId,
  readLinkTour,
  rememberTourValue,
  restoreKeptTour,
  tourLinkValue,
} from '../../core/scenario/linkTours';
import { type Tour, tourToJson } from '../../core/scenario/tourFormat';
import { deleteLarge, getLarge, putLarge } from '../browser/storage';
import { linkReader } from '../session/linkReader';

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

/**
 * The tourz value that carries `tour`, worked out in the link worker (packing a large tour is
 * long work), and, for a tour too large for a link, only once this browser has kept it (or
 * refused to): a reload the moment the link names it shows it again.
 */
export async function placeTour(tour: Tour): Promise<string> {
  let value: string | null = null;
  try {
    value = await linkReader.tourValue(tour);
  } catch {
    // The worker failed: packed here instead.
  }
  if (value !== null) rememberTourValue(tour, value);
  const placed = tourValue(tour);
  if (isKeptTourValue(placed)) await keptTourStored(placed);
  return placed;
}

/** Whether the tour behind a tourz value is kept in this browser rather than in its link. */
export function isKeptTour(value: string | null): boolean {
  return value !== null && isKeptTourValue(value);
}

/** Whether this browser stored the kept tour (false: it lasts only until the page closes). */
export function keptTourStored(value: string): Promise<boolean> {
  return stored.get(value) ?? Promise.resolve(false);
}

/**
 * The kept tour a link names (tourz=kept.<id>, after '#' as the page writes it, or in the query
 * where a visitor moved it), or null.
 */
export function keptTourNamed(link: string): string | null {
  // A fragment may be 600,000 characters: the link is read only when it may name one.
  if (!link.includes(KEPT_TOUR_PREFIX)) return null;
  const value = packedValuesIn(link).tourz;
  return value !== null && isKeptTourValue(value) ? keptTourId(value) : null;
}

/**
 * Reads a kept tour back from the store, checked as a file is when it opens; the link parser
 * then finds it. Missing or unreadable, the parser names it and the page goes on.
 */
export async function restoreKept(value: string): Promise<void> {
  if (!isKeptTourValue(value)) return;
  const record = await getLarge(STORE, value);
  if (typeof record !== 'string') return;
  // Read in the link worker: a kept tour may be 4 MB of JSON and scripts. A worker that fails
  // leaves the tour unread, named as missing, and the page goes on.
  const reading = await linkReader.readTour(record, false).catch(() => null);
  if (reading === null || !reading.read.ok) return;
  restoreKeptTour(value, reading.read.tour);
  stored.set(value, Promise.resolve(true));
  // The tour in use is the last to be dropped.
  await putLarge(STORE, INDEX_KEY, [...(await keptIndex()).filter((v) => v !== value), value]);
}

/**
 * Reads back the kept tour a link names, unless this page holds it already. A link opened in
 * the same page (Back, Forward, or one typed that differs only after '#') starts no new page,
 * so nothing else reads it: the tour was named as kept in another browser, in the one that
 * keeps it.
 */
export async function restoreNamedKept(link: string): Promise<void> {
  const value = keptTourNamed(link);
  if (value === null || readLinkTour(value).ok) return;
  await restoreKept(value);
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
