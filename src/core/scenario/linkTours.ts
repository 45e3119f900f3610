// The tour a link names (tourz), read once: a packed tour is unpacked and checked the first time
// its text is met and remembered by it, so the page's many reads of one link (each redraw, scene
// change and slider event) cost a lookup; a tour too large for a link is kept in this browser
// under an id, and the link names the id (links.md, "Tours").

import { quote } from '../quote';
import { MAX_PACKED_CHARS, MAX_UNPACKED_BYTES } from './linkPacking';
import {
  packTour,
  sceneLinkFormProblem,
  type Tour,
  type TourParse,
  unpackTour,
} from './tourFormat';

/** A tourz value that names a kept tour: this prefix, then 16 hex digits of the tour's hash. */
export const KEPT_TOUR_PREFIX = 'kept.';
const KEPT_VALUE = /^kept\.[0-9a-f]{16}$/i;

/** Packed tours read lately, by their text (a page moves between a few tours at most). */
const READ_MAX = 8;
const readTours = new Map<string, TourParse>();
/** Tours too large for a link, by their tourz value: those kept this session or restored. */
const keptTours = new Map<string, Tour>();
/** The tourz value of each tour object already placed, so nothing is packed twice. */
const valueOfTour = new WeakMap<Tour, string>();

/** Whether a tourz value names a kept tour; its hex digits are read in either case. */
export function isKeptTourValue(value: string): boolean {
  return KEPT_VALUE.test(value);
}

/** A kept tour's value as the page writes it (lower-case hex): the same tour, however it was typed. */
export function keptTourId(value: string): string {
  return value.toLowerCase();
}

/**
 * The tour a tourz value names, checked: its form, and that no scene carries a tour of its own.
 * A scene's link is read in full when the scene is shown. The tour is frozen: every caller
 * shares it.
 */
export function readLinkTour(value: string): TourParse {
  if (value.startsWith(KEPT_TOUR_PREFIX)) {
    const kept = isKeptTourValue(value) ? keptTours.get(keptTourId(value)) : undefined;
    return kept !== undefined
      ? { ok: true, tour: kept }
      : {
          ok: false,
          errors: [
            `${quote(value, 24)} names a tour too large for a link, kept only in the browser that opened it; open the tour's file there (✎ Tours, "Open a tour file…")`,
          ],
        };
  }
  const known = readTours.get(value);
  if (known !== undefined) {
    // Most recent last: the first key is the one to drop.
    readTours.delete(value);
    readTours.set(value, known);
    return known;
  }
  const read = unpackTour(value, sceneLinkFormProblem);
  const result: TourParse = read.ok ? { ok: true, tour: frozen(read.tour) } : read;
  if (result.ok) valueOfTour.set(result.tour, value);
  readTours.set(value, result);
  if (readTours.size > READ_MAX) readTours.delete(readTours.keys().next().value ?? '');
  return result;
}

/** Takes a packed tour read ahead (linkPrepass.ts): readLinkTour answers it from here. */
export function rememberLinkTour(value: string, read: TourParse): void {
  const result: TourParse = read.ok ? { ok: true, tour: frozen(read.tour) } : read;
  if (result.ok) valueOfTour.set(result.tour, value);
  readTours.delete(value);
  readTours.set(value, result);
  if (readTours.size > READ_MAX) readTours.delete(readTours.keys().next().value ?? '');
}

/**
 * The tourz value that carries `tour`: the tour packed, when the unpacker takes it back
 * (MAX_PACKED_CHARS packed, MAX_UNPACKED_BYTES unpacked), else a kept tour's id (`kept` is
 * told, to store it). The same tour object always gets the same value, packed once.
 */
export function tourLinkValue(tour: Tour, kept: (value: string, tour: Tour) => void): string {
  const known = valueOfTour.get(tour);
  if (known !== undefined) {
    if (isKeptTourValue(known)) kept(known, tour);
    return known;
  }
  const json = JSON.stringify(tour);
  // UTF-16 units are never more than UTF-8 bytes: past the limit, it cannot unpack in a link.
  const packed = json.length > MAX_UNPACKED_BYTES ? null : packTour(tour);
  if (packed !== null && packed.length <= MAX_PACKED_CHARS && readLinkTour(packed).ok) {
    valueOfTour.set(tour, packed);
    return packed;
  }
  const value = `${KEPT_TOUR_PREFIX}${hash64(json)}`;
  const shared = frozen(tour);
  keptTours.set(value, shared);
  valueOfTour.set(tour, value);
  valueOfTour.set(shared, value);
  kept(value, shared);
  return value;
}

/**
 * Takes the value tourLinkValue gave for `tour` elsewhere (the page's link worker packed it):
 * later calls for the same tour object answer it without packing again.
 */
export function rememberTourValue(tour: Tour, value: string): void {
  if (isKeptTourValue(value)) {
    const id = keptTourId(value);
    const shared = frozen(tour);
    keptTours.set(id, shared);
    valueOfTour.set(tour, id);
    valueOfTour.set(shared, id);
    return;
  }
  valueOfTour.set(tour, value);
  rememberLinkTour(value, { ok: true, tour });
}

/** Puts a kept tour back (read from this browser's store when the page loads). */
export function restoreKeptTour(value: string, tour: Tour): void {
  if (!isKeptTourValue(value)) return;
  const id = keptTourId(value);
  const shared = frozen(tour);
  keptTours.set(id, shared);
  valueOfTour.set(shared, id);
}

/** A copy no caller can change: the tour is shared by every reader of its link. */
function frozen(tour: Tour): Tour {
  if (Object.isFrozen(tour)) return tour;
  return Object.freeze({
    title: tour.title,
    scenes: Object.freeze(tour.scenes.map((scene) => Object.freeze({ ...scene }))),
  }) as Tour;
}

/**
 * 64 bits of a text's hash (two 32-bit FNV-1a lanes with different offsets, each mixed at the
 * end), as 16 hex digits: the same tour always gets the same id, so opening a file twice keeps
 * one copy.
 */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  const mix = (h: number): number => {
    let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  return (
    mix(a).toString(16).padStart(8, '0') +
    mix(b ^ a)
      .toString(16)
      .padStart(8, '0')
  );
}
