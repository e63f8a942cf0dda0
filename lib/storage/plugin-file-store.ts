/**
 * Where the installed bundle plugins of one scope are kept: text files under relative POSIX paths
 * (`review-kit/plugin.json`, `registry.json`). The project scope keeps them in the session's
 * sandbox, the user scope in IndexedDB (browser) or in a directory on disk (Node).
 */
export interface IPluginFileStore {
  /** Says where the files are, for messages: `.robota/plugins in the workspace`, `IndexedDB "robota-plugins"`. */
  readonly location: string
  /** The file's text, or `undefined` when there is none. */
  read(path: string): Promise<string | undefined>
  /** Writes a file, creating its folders. */
  write(path: string, content: string): Promise<void>
  /** The paths of every file under `directory` (relative to the store's root), in any order. */
  list(directory: string): Promise<string[]>
  /** Removes `directory` and every file under it; nothing happens when it does not exist. */
  removeDirectory(directory: string): Promise<void>
}
