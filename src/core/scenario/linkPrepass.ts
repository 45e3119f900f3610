// A link's packed values read ahead of its parse: the packed script (opsz), the packed tour
// (tourz) and every packed script of that tour's scenes are unpacked and checked once, where
// that work may be large (a page's Web Worker: a crafted link may hold 600,000 characters that
// inflate to the limit), and the results are handed to the parser's caches, so the parse on the
// page's main thread only looks them up (issue 35: bounded work off the main thread).

import type { Parsed } from '../ranges';
import { rememberUnpacked, unpackText } from './linkPacking';
import { isKeptTourValue, readLinkTour, rememberLinkTour } from './linkTours';
import { parseScenario } from './parse';
import { parseTourJson, sceneLinkFormProblem, type TourParse } from './tourFormat';

/** What a link's packed values unpack to: plain data, so it crosses to the page as it is. */
export interface PackedReading {
  /** Each packed script (the link's and its tour's scenes'), and what it unpacked to. */
  scripts: [packed: string, read: Parsed<string>][];
  /** The packed tour, and what it read as. */
  tours: [packed: string, read: TourParse][];
}

/** The link's packed values: the first `opsz` and the first `tourz` (the parser reads the first). */
export function packedValuesIn(link: string): { opsz: string | null; tourz: string | null } {
  const hashAt = link.indexOf('#');
  const query = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const fragment = hashAt >= 0 ? link.slice(hashAt + 1) : '';
  // Cheap when there is nothing to find: most links hold neither.
  if (!link.includes('opsz=') && !link.includes('tourz=')) return { opsz: null, tourz: null };
  const first = (name: string): string | null =>
    new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get(name) ??
    new URLSearchParams(fragment).get(name);
  return { opsz: first('opsz'), tourz: first('tourz') };
}

/** Whether a link holds work worth doing ahead (a packed script or a packed tour). */
export function hasPackedValues(link: string): boolean {
  const { opsz, tourz } = packedValuesIn(link);
  return opsz !== null || (tourz !== null && !isKeptTourValue(tourz));
}

/** Unpacks and checks a link's packed values (the work the parser would otherwise do). */
export function readPackedValues(link: string): PackedReading {
  const reading: PackedReading = { scripts: [], tours: [] };
  const { opsz, tourz } = packedValuesIn(link);
  if (opsz !== null) reading.scripts.push([opsz, unpackText('opsz (the packed script)', opsz)]);
  if (tourz !== null && !isKeptTourValue(tourz)) {
    const tour = readLinkTour(tourz);
    reading.tours.push([tourz, tour]);
    if (tour.ok) reading.scripts.push(...sceneScripts(tour.tour.scenes.map((scene) => scene.link)));
  }
  return reading;
}

/** Every packed script of these scene links, unpacked (a tour's scenes are read when shown). */
export function sceneScripts(links: readonly string[]): PackedReading['scripts'] {
  const scripts: PackedReading['scripts'] = [];
  for (const link of links) {
    const { opsz } = packedValuesIn(link);
    if (opsz !== null) scripts.push([opsz, unpackText('opsz (the packed script)', opsz)]);
  }
  return scripts;
}

/** Hands a reading to the parser's caches: the parse that follows finds every value there. */
export function rememberPackedValues(reading: PackedReading): void {
  rememberUnpacked(reading.scripts);
  for (const [packed, read] of reading.tours) rememberLinkTour(packed, read);
}

/**
 * A scene's link must read cleanly and carry no tour of its own: the full check, as the editor
 * makes it of every scene of a file before the file replaces the tour on screen.
 */
export function sceneLinkProblem(link: string): string | null {
  return sceneLinkFormProblem(link) ?? parseScenario(link).errors[0]?.message ?? null;
}

/** As many problems as a file's refusal names. */
const PROBLEMS_NAMED = 5;

/** A tour's JSON read: the tour or why not, and its scenes' scripts unpacked for the parser. */
export interface TourTextReading {
  read: TourParse;
  scripts: PackedReading['scripts'];
}

/**
 * Reads a tour's JSON (a file, or a tour kept in this browser) and checks it: its form, and with
 * `everyLink` each scene's link in full (a file's). Any problem refuses the whole tour.
 */
export function readTourText(text: string, everyLink: boolean): TourTextReading {
  const read = parseTourJson(text, everyLink ? () => null : sceneLinkFormProblem);
  if (!read.ok) return { read, scripts: [] };
  const links = read.tour.scenes.map((scene) => scene.link);
  const scripts = sceneScripts(links);
  if (!everyLink) return { read, scripts };
  // The scripts are read already: each scene's parse finds its own.
  rememberUnpacked(scripts);
  const problems: string[] = [];
  for (let index = 0; index < links.length && problems.length < PROBLEMS_NAMED; index++) {
    const problem = sceneLinkProblem(links[index]);
    if (problem !== null) problems.push(`scene ${index + 1}'s link: ${problem}`);
  }
  return problems.length > 0
    ? { read: { ok: false, errors: problems }, scripts: [] }
    : { read, scripts };
}
