// This browser's local storage, read and written without ever throwing: a page embedded in
// another site's <iframe>, a private window or a full store refuses it, and the page must work
// on (only the remembered theme or tour copy is lost).

/** The stored value, or null when there is none or storage is refused. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value`; false when storage is refused or full. */
export function writeStored(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
