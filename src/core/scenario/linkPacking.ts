// Long values in a link: static servers refuse request lines over about 8 KB (nginx's default;
// Vite's preview answers 431 past ~16 KB), so a long script travels deflated and base64url-coded
// in the fragment after '#', which never reaches the server. Short scripts stay readable.

import { deflateSync, inflateSync, strToU8 } from 'fflate';
import { quote } from '../quote';
import type { Parsed } from '../ranges';

/** A script whose query-string form is longer than this moves to the fragment, packed. */
export const QUERY_TEXT_MAX_CHARS = 1500;
/** Longest packed text read back (a 20,000-operation script packs into well under this). */
export const MAX_PACKED_CHARS = 600_000;
/** Most bytes a packed text may unpack to: a cap, so a crafted link cannot ask for gigabytes. */
export const MAX_UNPACKED_BYTES = 1 << 20;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((char, index) => [char, index]));

/** How long a value is once URL-encoded in a query string. */
export function queryLength(text: string): number {
  return new URLSearchParams({ x: text }).toString().length - 2;
}

/** Deflates text (raw DEFLATE, no header) and writes it in base64url without padding. */
export function packText(text: string): string {
  return toBase64Url(deflateSync(strToU8(text), { level: 9 }));
}

/** Reads back packText's output; a value that is not one gets a message saying why. */
export function unpackText(name: string, packed: string): Parsed<string> {
  if (packed.length > MAX_PACKED_CHARS) {
    return {
      ok: false,
      error: `${name} is ${packed.length} characters; at most ${MAX_PACKED_CHARS}`,
    };
  }
  const bytes = fromBase64Url(packed);
  if (bytes === null) {
    return {
      ok: false,
      error: `${name} must be base64url (A-Z, a-z, 0-9, - and _), got ${quote(packed, 24)}`,
    };
  }
  let out: Uint8Array;
  try {
    // A fixed output buffer one byte larger than allowed: fflate stops when it is full, so a
    // text that unpacks to more is seen to be too long without ever being held whole.
    out = inflateSync(bytes, { out: new Uint8Array(MAX_UNPACKED_BYTES + 1) });
  } catch {
    return {
      ok: false,
      error: `${name} is not a packed text this page wrote (it does not inflate)`,
    };
  }
  if (out.length > MAX_UNPACKED_BYTES) {
    return { ok: false, error: `${name} unpacks to more than ${MAX_UNPACKED_BYTES} bytes` };
  }
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(out) };
  } catch {
    return { ok: false, error: `${name} does not unpack to UTF-8 text` };
  }
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
  for (const char of text) {
    const digit = INDEX.get(char);
    if (digit === undefined) return null;
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
