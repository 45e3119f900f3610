// Long values in a link: static servers refuse request lines over about 8 KB (nginx's default;
// Vite's preview answers 431 past ~16 KB), so a long script travels deflated and base64url-coded
// in the fragment after '#', which never reaches the server. Short scripts stay readable.

import { deflateSync, Inflate, strToU8 } from 'fflate';
import { quote } from '../quote';
import type { Parsed } from '../ranges';

/** A script whose query-string form is longer than this moves to the fragment, packed. */
export const QUERY_TEXT_MAX_CHARS = 1500;
/** Longest packed text read back (a 20,000-operation script packs into well under this). */
export const MAX_PACKED_CHARS = 600_000;
/** Most bytes a packed text may unpack to: a cap, so a crafted link cannot ask for gigabytes. */
export const MAX_UNPACKED_BYTES = 1 << 20;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Each ASCII code's six bits, or -1: a table, since a link's fragment may hold 600,000 of them. */
const DIGIT = new Int8Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) DIGIT[ALPHABET.charCodeAt(index)] = index;

/** How long a value is once URL-encoded in a query string. */
export function queryLength(text: string): number {
  return new URLSearchParams({ x: text }).toString().length - 2;
}

/**
 * Texts packed or unpacked lately, both ways: the page writes its link on every step and slider
 * move, and a 20,000-operation script takes milliseconds to deflate each time.
 */
const REMEMBERED = 4;
const packedOf = new Map<string, string>();
const unpackedOf = new Map<string, string>();

function remember(map: Map<string, string>, key: string, value: string): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value ?? '');
}

/**
 * Packed values read ahead, where the work may be large (linkPrepass.ts), failures included:
 * kept until the next reading replaces them, so a crafted value is never unpacked twice.
 */
let readAhead = new Map<string, Parsed<string>>();

/** Takes a reading's unpacked scripts (linkPrepass.ts): unpackText answers them from here. */
export function rememberUnpacked(entries: Iterable<readonly [string, Parsed<string>]>): void {
  readAhead = new Map(entries);
}

/** Deflates text (raw DEFLATE, no header) and writes it in base64url without padding. */
export function packText(text: string): string {
  const known = packedOf.get(text);
  if (known !== undefined) return known;
  const bytes = strToU8(text);
  const packed = toBase64Url(deflateSync(bytes, { level: 9 }));
  remember(packedOf, text, packed);
  // unpackText gives it back as written, if within what it reads.
  if (packed.length <= MAX_PACKED_CHARS && bytes.length <= MAX_UNPACKED_BYTES) {
    remember(unpackedOf, packed, text);
  }
  return packed;
}

/** Reads back packText's output; a value that is not one gets a message saying why. */
export function unpackText(name: string, packed: string): Parsed<string> {
  if (packed.length > MAX_PACKED_CHARS) {
    return {
      ok: false,
      error: `${name} is ${packed.length} characters; at most ${MAX_PACKED_CHARS}`,
    };
  }
  const ahead = readAhead.get(packed);
  if (ahead !== undefined) return ahead;
  const known = unpackedOf.get(packed);
  if (known !== undefined) return { ok: true, value: known };
  const bytes = fromBase64Url(packed);
  if (bytes === null) {
    return {
      ok: false,
      error: `${name} must be base64url (A-Z, a-z, 0-9, - and _), got ${quote(packed.slice(0, 64), 24)}`,
    };
  }
  const out = inflateBounded(bytes, MAX_UNPACKED_BYTES);
  if (out === 'broken') {
    return {
      ok: false,
      error: `${name} is not a packed text this page wrote (it does not inflate)`,
    };
  }
  if (out === 'too-long') {
    return { ok: false, error: `${name} unpacks to more than ${MAX_UNPACKED_BYTES} bytes` };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(out);
    remember(unpackedOf, packed, text);
    return { ok: true, value: text };
  } catch {
    return { ok: false, error: `${name} does not unpack to UTF-8 text` };
  }
}

/**
 * The most bytes one byte of DEFLATE input can inflate to: a 258-byte match coded in 2 bits
 * (RFC 1951's longest length with the shortest codes).
 */
const MAX_INFLATE_RATIO = 1032;

/**
 * How far past the limit inflating may go before it stops. Each piece fed to fflate's streaming
 * inflater costs a fresh output buffer of 160 KB, so pieces of one limit's worth (1 KB) made a
 * long script's unpacking several times slower than one call; this slack lets them be 2 KB.
 */
const INFLATE_SLACK_BYTES = 2 ** 20;

/**
 * Inflates raw DEFLATE, stopping once more than `limit` bytes come out. fflate's one-shot
 * inflateSync decodes the whole stream even into a fixed buffer (a bomb of hundreds of MB takes
 * seconds), so the input is fed to its streaming inflater in pieces small enough that none can
 * inflate to more than what is left of the limit and its slack: the work done is bounded by
 * limit + INFLATE_SLACK_BYTES, whatever the stream claims.
 */
export function inflateBounded(
  bytes: Uint8Array,
  limit: number,
): Uint8Array | 'too-long' | 'broken' {
  // A stream holds at least one block: nothing at all was not written by a deflater.
  if (bytes.length === 0) return 'broken';
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((data) => {
    total += data.length;
    if (total <= limit) parts.push(data);
  });
  try {
    let at = 0;
    do {
      const piece = Math.max(
        64,
        Math.floor((limit + INFLATE_SLACK_BYTES - total) / MAX_INFLATE_RATIO),
      );
      const end = Math.min(bytes.length, at + piece);
      inflater.push(bytes.subarray(at, end), end === bytes.length);
      at = end;
    } while (at < bytes.length && total <= limit);
  } catch {
    return 'broken';
  }
  if (total > limit) return 'too-long';
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let written = 0;
  for (const part of parts) {
    out.set(part, written);
    written += part.length;
  }
  return out;
}

/** Six bits a character; no padding (the length says where the bytes end). */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const word = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(word >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** base64url without padding to bytes, or null if a character is not in the alphabet. */
export function fromBase64Url(text: string): Uint8Array | null {
  // A length of 1 mod 4 cannot come from whole bytes.
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGIT[code] : -1;
    if (digit < 0) return null;
    // Only the bits not yet written out matter: at most 14 of them.
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 255;
    }
  }
  return out;
}
