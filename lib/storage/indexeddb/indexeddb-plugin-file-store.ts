import { missingIndexedDBGlobals } from './missing-indexeddb-globals.ts'
import { wrap, type IDBPDatabase } from 'idb'
import { StorageError } from '../../core/errors.ts'
import type { IPluginFileStore } from '../plugin-file-store.ts'
import { describeError } from '../../core/describe-error.ts'

/** Where an `IndexedDBPluginFileStore` keeps plugin files. */
export type TIndexedDBPluginFileStoreOptions = {
  /** Database name; default `'robota-plugins'`, apart from the session store's database. */
  databaseName?: string
  /** The IndexedDB implementation; default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory
}

const FILES = 'files'

/**
 * Plugin files in IndexedDB, the user scope in a browser: one record per file in the `files`
 * store of a database of its own, keyed by its path.
 */
export class IndexedDBPluginFileStore implements IPluginFileStore {
  readonly location: string
  private readonly databaseName: string
  private connection: Promise<IDBPDatabase> | undefined

  constructor(private readonly options: TIndexedDBPluginFileStoreOptions = {}) {
    this.databaseName = options.databaseName ?? 'robota-plugins'
    this.location = `IndexedDB "${this.databaseName}"`
  }

  async read(path: string): Promise<string | undefined> {
    const value: unknown = await this.run('read', path, (database) => database.get(FILES, path))
    return typeof value === 'string' ? value : undefined
  }

  async write(path: string, content: string): Promise<void> {
    await this.run('write', path, (database) => database.put(FILES, content, path))
  }

  async list(directory: string): Promise<string[]> {
    const keys = await this.run('list', directory, (database) => database.getAllKeys(FILES, directory === '' ? undefined : prefixRange(directory)))
    return keys.map(String)
  }

  async removeDirectory(directory: string): Promise<void> {
    await this.run('remove', directory, (database) => database.delete(FILES, prefixRange(directory)))
  }

  private async run<TResult>(action: string, path: string, operation: (database: IDBPDatabase) => Promise<TResult>): Promise<TResult> {
    try {
      return await operation(await this.open())
    } catch (error) {
      const reason = describeError(error)
      throw new StorageError(`Could not ${action} ${path} in ${this.location}: ${reason}`, { details: { path }, cause: error })
    }
  }

  private open(): Promise<IDBPDatabase> {
    const factory = this.options.indexedDB ?? globalThis.indexedDB
    if (!factory) return Promise.reject(new Error('IndexedDB is not available here'))
    const missing = missingIndexedDBGlobals()
    if (missing) return Promise.reject(missing)
    this.connection ??= openPluginDatabase(factory, this.databaseName, () => {
      this.connection = undefined
    }).catch((error: unknown) => {
      this.connection = undefined
      throw error
    })
    return this.connection
  }
}

// idb's `openDB` always uses the global `indexedDB`; the request is opened on the given factory.
function openPluginDatabase(factory: IDBFactory, databaseName: string, onUnusable: () => void): Promise<IDBPDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(databaseName, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(FILES)
    }
    request.onsuccess = () => {
      const database = request.result
      // Another tab upgrading the database: let go, and reopen on the next call.
      database.onversionchange = () => {
        database.close()
        onUnusable()
      }
      database.onclose = () => onUnusable()
      resolve(wrap(database))
    }
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error(`"${databaseName}" is held open by another tab; close it and retry`))
  })
}

/** Every key under `directory/`: from `directory/` up to the next string after the prefix. */
function prefixRange(directory: string): IDBKeyRange {
  const prefix = `${directory}/`
  return IDBKeyRange.bound(prefix, `${prefix}\uffff`)
}
