// A draft's chosen images in IndexedDB (decision 026): Files are stored as they are (structured clone
// keeps their bytes, name and type), one record per draft under the draft's key. Loaded on demand.
import { DRAFT_IMAGES_DB } from '../../lib/draft-keys';

const STORE = 'images';

let opened: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DRAFT_IMAGES_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const database = request.result;
      // Sign-out deletes this database (auth-store.ts): an open connection would block that and keep
      // the photos on a shared phone, so it closes at once; the next draft opens a new one.
      database.onversionchange = () => {
        database.close();
        opened = null;
      };
      resolve(database);
    };
    request.onerror = () => reject(request.error);
  });
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const database = await db();
  return new Promise<T>((resolve, reject) => {
    const tx = database.transaction(STORE, mode);
    const request = use(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const saveImages = (id: string, files: readonly File[]) =>
  run('readwrite', (store) => store.put([...files], id));

export const loadImages = async (id: string): Promise<File[]> =>
  ((await run('readonly', (store) => store.get(id))) as File[] | undefined) ?? [];

export const deleteImages = (id: string) => run('readwrite', (store) => store.delete(id));
