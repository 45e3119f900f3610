// A tour: an ordered list of scenes, each a complete state of the page (its link) with a short
// caption and the part of the article it stands for. This is the one owner of the tour's file
// and link format: a teacher's tour is exported and imported as JSON, or carried packed in a
// link's fragment, and everything read is checked before any of it is used.

import { quote } from '../quote';
import { packText, unpackText } from './linkPacking';

/**
 * Says what is wrong with a scene's link, or null. The link parser is passed in (it reads tours
 * in links itself, so this module cannot import it).
 */
export type SceneLinkCheck = (link: string) => string | null;

export const TOUR_FORMAT = 'bheap-lab-tour';
export const TOUR_VERSION = 1;
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
    const why = error instanceof Error ? error.message : String(error);
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
      const scene: TourScene = {
        title: text_(raw.title, `${where}'s title`, TOUR_LIMITS.titleChars, errors, false),
        caption: text_(raw.caption, `${where}'s caption`, TOUR_LIMITS.captionChars, errors, false),
        source: text_(raw.source ?? '', `${where}'s source`, TOUR_LIMITS.sourceChars, errors, true),
        link: text_(raw.link, `${where}'s link`, TOUR_LIMITS.linkChars, errors, false),
      };
      if (scene.link !== '') {
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
  if (Array.from(value).length > max) errors.push(`${name} is longer than ${max} characters`);
  return value;
}
