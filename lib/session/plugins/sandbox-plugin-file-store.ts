import { isSandboxError, type ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import type { IPluginFileStore } from '../../storage/plugin-file-store.ts'
import { joinPath, resolvePosixPath } from '../../tools/builtins/posix-path.ts'
import { listOptionalDirectory, readOptionalFile } from '../sandbox-file-reader.ts'

/** Where project-scope bundles live, relative to the workspace. */
export const PROJECT_PLUGINS_DIRECTORY = '.robota/plugins'

/** Plugin files in the session's sandbox, under `<workspace>/.robota/plugins/`: the project scope. */
export class SandboxPluginFileStore implements IPluginFileStore {
  readonly location: string
  private readonly root: string

  constructor(
    private readonly sandbox: ISandboxClient,
    cwd: string
  ) {
    this.root = resolvePosixPath(cwd, PROJECT_PLUGINS_DIRECTORY)
    this.location = this.root
  }

  read(path: string): Promise<string | undefined> {
    return readOptionalFile(this.sandbox, this.resolve(path))
  }

  async write(path: string, content: string): Promise<void> {
    const target = this.resolve(path)
    await this.sandbox.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true })
    await this.sandbox.writeFile(target, content)
  }

  async list(directory: string): Promise<string[]> {
    const files: string[] = []
    const walk = async (relative: string): Promise<void> => {
      for (const entry of await listOptionalDirectory(this.sandbox, this.resolve(relative))) {
        const path = relative === '' ? entry.name : `${relative}/${entry.name}`
        if (entry.type === 'directory') await walk(path)
        else if (entry.type === 'file') files.push(path)
      }
    }
    await walk(directory)
    return files
  }

  async removeDirectory(directory: string): Promise<void> {
    try {
      await this.sandbox.remove(this.resolve(directory), { recursive: true })
    } catch (error) {
      if (!(isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND')) throw error
    }
  }

  private resolve(path: string): string {
    if (path.split('/').includes('..')) throw new Error(`The plugin path "${path}" leaves ${this.root}.`)
    return path === '' ? this.root : joinPath(this.root, path)
  }
}
