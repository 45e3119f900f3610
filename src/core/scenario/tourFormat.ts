// A tour: an ordered list of scenes, each a complete state of the page (its link) with a short
// caption and the part of the article it stands for. This is the one owner of the tour's file
// and link format: a teacher's tour is exported and imported as JSON, or carried packed in a
// link's fragment, and everything read is checked before any of it is used.

import { errorText } from '../errorText';
import { quote } from '../quote';
import { packText, unpackText } from './linkPacking';

/**
 * Says what is wrong with a scene's link, or null. The link parser is passed in (it reads tours
 * in links itself, so this module cannot import it).
 */
type SceneLinkCheck = (link: string) => string | null;

/**
 * The check of a scene's link that costs next to nothing: it names no tour of its own (a tour
 * inside a scene would open tours within tours). A link's values are read in full when the
 * scene is shown, as any link's; reading all of a tour's scenes when it opens would parse up to
 * 64 long scripts at once (links.md, "Tours").
 */
export function sceneLinkFormProblem(link: string): string | null {
  const hashAt = link.indexOf('#');
  const query = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const parts = [query.startsWith('?') ? query.slice(1) : query];
  if (hashAt >= 0) parts.push(link.slice(hashAt + 1));
  for (const whole of parts) {
    // As URLSearchParams reads it (the link parser's reader), which drops one leading '?'.
    const part = whole.startsWith('?') ? whole.slice(1) : whole;
    // Only the names are read, each in a few steps: a file may hold 4 MB of links.
    for (let at = 0; at <= part.length; ) {
      const amp = part.indexOf('&', at);
      const end = amp < 0 ? part.length : amp;
      if (namesTour(part, at, end)) return 'a scene must not carry a tour (tour, tourz) itself';
      at = end + 1;
    }
  }
  return null;
}

/** "tour", then an optional "z", as character codes. */
const TOUR_CODES = [116, 111, 117, 114, 122];

/**
 * Whether the name of the pair part[start, end) (up to its first '=') reads as "tour" or
 * "tourz" once form-decoded as URLSearchParams decodes it ('+' a space, %XX a byte: a byte past
 * ASCII never makes one of these letters). Stops at the first character that differs.
 */
function namesTour(part: string, start: number, end: number): boolean {
  let matched = 0;
  for (let at = start; at < end; at++) {
    let code = part.charCodeAt(at);
    if (code === 61) break;
    if (code === 43) code = 32;
    else if (code === 37 && at + 2 < end) {
      const high = hexDigit(part.charCodeAt(at + 1));
      const low = hexDigit(part.charCodeAt(at + 2));
      if (high >= 0 && low >= 0) {
        code = 16 * high + low;
        at += 2;
      }
    }
    if (matched === TOUR_CODES.length || code !== TOUR_CODES[matched]) return false;
    matched++;
  }
  return matched >= 4;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

const TOUR_FORMAT = 'bheap-lab-tour';
const TOUR_VERSION = 1;
/** How much a tour may hold; a scene's link is the query the page writes, with its fragment. */
export const TOUR_LIMITS = {
  scenes: 64,
  titleChars: 80,
  captionChars: 600,
  sourceChars: 120,
  linkChars: 200_000,
} as const;

export interface TourScene {
  /** A few words, for the scene index. */
  title: string;
  /** One to three sentences, shown beside the live scene. */
  caption: string;
  /** The figure or passage of the article it stands for ("Figure 2"), or ''. */
  source: string;
  /** The page's state: a link ("v=2&left=…#opsz=…"), as the page writes it. */
  link: string;
}

export interface Tour {
  title: string;
  scenes: TourScene[];
}

export type TourParse = { ok: true; tour: Tour } | { ok: false; errors: string[] };

/** The JSON a tour is exported as (and imported from). */
export function tourToJson(tour: Tour): string {
  return `${JSON.stringify({ format: TOUR_FORMAT, version: TOUR_VERSION, ...tour }, null, 2)}\n`;
}

/** A tour packed for a link's fragment (tourz=…). */
export function packTour(tour: Tour): string {
  return packText(JSON.stringify({ format: TOUR_FORMAT, version: TOUR_VERSION, ...tour }));
}

export function unpackTour(packed: string, checkLink: SceneLinkCheck): TourParse {
  const text = unpackText('tourz (the packed tour)', packed);
  return text.ok ? parseTourJson(text.value, checkLink) : { ok: false, errors: [text.error] };
}

/**
 * Reads a tour file. Never throws: anything wrong is named (at most a few messages, the first
 * problems found), and then nothing of the file is used, so the current tour is kept whole.
 */
export function parseTourJson(text: string, checkLink: SceneLinkCheck): TourParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const why = errorText(error);
    return { ok: false, errors: [`the file is not JSON (${quote(why, 80)})`] };
  }
  const errors: string[] = [];
  if (!isRecord(data)) return { ok: false, errors: ['the file must hold one JSON object'] };
  if (data.format !== TOUR_FORMAT) {
    errors.push(`"format" must be "${TOUR_FORMAT}"; this is not a B-Heap Lab tour`);
  }
  if (data.version !== TOUR_VERSION) {
    errors.push(`"version" must be ${TOUR_VERSION}, got ${quote(String(data.version), 12)}`);
  }
  const title = text_(data.title, '"title"', TOUR_LIMITS.titleChars, errors, false);
  const scenes: TourScene[] = [];
  if (!Array.isArray(data.scenes) || data.scenes.length === 0) {
    errors.push(`"scenes" must be a list of 1 to ${TOUR_LIMITS.scenes} scenes`);
  } else if (data.scenes.length > TOUR_LIMITS.scenes) {
    errors.push(`"scenes" has ${data.scenes.length} scenes; at most ${TOUR_LIMITS.scenes}`);
  } else {
    data.scenes.forEach((raw: unknown, index: number) => {
      const where = `scene ${index + 1}`;
      if (!isRecord(raw)) {
        errors.push(`${where} must be an object with title, caption, source and link`);
        return;
      }
      const title = text_(raw.title, `${where}'s title`, TOUR_LIMITS.titleChars, errors, false);
      const caption = text_(
        raw.caption,
        `${where}'s caption`,
        TOUR_LIMITS.captionChars,
        errors,
        false,
      );
      const source = text_(
        raw.source ?? '',
        `${where}'s source`,
        TOUR_LIMITS.sourceChars,
        errors,
        true,
      );
      const known = errors.length;
      const link = text_(raw.link, `${where}'s link`, TOUR_LIMITS.linkChars, errors, false);
      const scene: TourScene = { title, caption, source, link };
      // A link already refused (too long, not text) is not read.
      if (errors.length === known) {
        const problem = checkLink(scene.link);
        if (problem !== null) errors.push(`${where}'s link: ${problem}`);
      }
      scenes.push(scene);
    });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 5) };
  return { ok: true, tour: { title, scenes } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text field: a string of at most `max` characters (empty only where allowed). */
function text_(
  value: unknown,
  name: string,
  max: number,
  errors: string[],
  mayBeEmpty: boolean,
): string {
  if (typeof value !== 'string') {
    errors.push(`${name} must be text`);
    return '';
  }
  if (!mayBeEmpty && value.trim() === '') errors.push(`${name} is empty`);
  // Code points are never more than UTF-16 units: only a long text needs counting (a scene's
  // link may be 200,000 characters).
  if (value.length > max && Array.from(value).length > max)
    errors.push(`${name} is longer than ${max} characters`);
  return value;
}
