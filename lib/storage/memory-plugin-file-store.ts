import type { IPluginFileStore } from './plugin-file-store.ts'

/** Plugin files kept in memory: a user scope that lasts as long as the process, and tests. */
export class MemoryPluginFileStore implements IPluginFileStore {
  readonly location = 'memory'
  private readonly files = new Map<string, string>()

  async read(path: string): Promise<string | undefined> {
    return this.files.get(path)
  }

  async write(path: string, content: string): Promise<void> {
    this.files.set(path, content)
  }

  async list(directory: string): Promise<string[]> {
    const prefix = directory === '' ? '' : `${directory}/`
    return [...this.files.keys()].filter((path) => path.startsWith(prefix))
  }

  async removeDirectory(directory: string): Promise<void> {
    for (const path of await this.list(directory)) this.files.delete(path)
  }
}
