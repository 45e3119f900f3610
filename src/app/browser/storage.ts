// This browser's storage, read and written without ever throwing: a page embedded in another
// site's <iframe>, a private window or a full store refuses it, and the page must work on (only
// the remembered theme, or a kept tour after the page closes, is lost). Small values go to local
// storage; large ones (a tour too large for a link, up to a few MB, past some browsers' local
// storage quota) to IndexedDB.

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

const DATABASE = 'bheap-lab';
const DATABASE_VERSION = 1;
/** The IndexedDB stores the page keeps: tours too large for a link (tour/tourStore.ts). */
type StoreName = 'kept-tours';
const STORES: readonly StoreName[] = ['kept-tours'];
/** A database another tab holds open at an older version blocks the open: give up after this. */
const OPEN_TIMEOUT_MS = 3000;

let opening: Promise<IDBDatabase | null> | null = null;

/** The page's database, opened once; null when this browser refuses IndexedDB. */
function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    const timer = window.setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
    const done = (db: IDBDatabase | null): void => {
      window.clearTimeout(timer);
      resolve(db);
    };
    try {
      const request = window.indexedDB.open(DATABASE, DATABASE_VERSION);
      request.onupgradeneeded = () => {
        for (const name of STORES) {
          if (!request.result.objectStoreNames.contains(name))
            request.result.createObjectStore(name);
        }
      };
      request.onsuccess = () => done(request.result);
      request.onerror = () => done(null);
      request.onblocked = () => done(null);
    } catch {
      done(null);
    }
  });
  return opening;
}

/** Runs one request in its own transaction; null when refused or failed. */
async function run<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  request: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<{ value: T } | null> {
  const db = await database();
  if (db === null) return null;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(store, mode);
      const asked = request(transaction.objectStore(store));
      // Written only once the transaction commits: a quota error aborts it.
      transaction.oncomplete = () => resolve({ value: asked.result });
      transaction.onabort = () => resolve(null);
      transaction.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Stores `value` under `key`; false when storage is refused or full. */
export async function putLarge(store: StoreName, key: string, value: unknown): Promise<boolean> {
  return (await run(store, 'readwrite', (objects) => objects.put(value, key))) !== null;
}

/** The value under `key`, or undefined when there is none or storage is refused. */
export async function getLarge(store: StoreName, key: string): Promise<unknown> {
  return (await run(store, 'readonly', (objects) => objects.get(key)))?.value;
}

/** Removes the value under `key`; false when storage is refused. */
export async function deleteLarge(store: StoreName, key: string): Promise<boolean> {
  return (await run(store, 'readwrite', (objects) => objects.delete(key))) !== null;
}
