import type { IDBFactory } from 'fake-indexeddb'

/** The object stores tests reach past the session store. */
export type TRawStoreName = 'sessions' | 'messages' | 'events' | 'payloads'

/** Opens the `robota` database of `factory` as it is, with no upgrade. */
export function openRaw(factory: IDBFactory): Promise<globalThis.IDBDatabase> {
  return new Promise<globalThis.IDBDatabase>((resolve, reject) => {
    const request = factory.open('robota')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Every value of an object store, read straight from the database. */
export async function readRaw(factory: IDBFactory, storeName: TRawStoreName): Promise<unknown[]> {
  const database = await openRaw(factory)
  const values = await new Promise<unknown[]>((resolve, reject) => {
    const request = database.transaction(storeName).objectStore(storeName).getAll()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  database.close()
  return values
}

/** Writes `value` straight into an object store, past every check the store makes. */
export function putRaw(factory: IDBFactory, storeName: TRawStoreName, value: unknown): Promise<void> {
  return writeRaw(factory, storeName, (store) => store.put(value))
}

/** Deletes one value straight from an object store, as a lost write or a damaged disk would. */
export function deleteRaw(factory: IDBFactory, storeName: TRawStoreName, key: IDBValidKey): Promise<void> {
  return writeRaw(factory, storeName, (store) => store.delete(key))
}

async function writeRaw(factory: IDBFactory, storeName: TRawStoreName, write: (store: globalThis.IDBObjectStore) => void): Promise<void> {
  const database = await openRaw(factory)
  await new Promise<void>((resolve, reject) => {
    const transaction = database.transaction(storeName, 'readwrite')
    write(transaction.objectStore(storeName))
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
  })
  database.close()
}
