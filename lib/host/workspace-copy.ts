import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { joinPath } from '../tools/builtins/posix-path.ts'
import { describeError } from '../core/describe-error.ts'

/** How much a copy carries at most. */
export type TWorkspaceCopyLimits = { maxFiles: number; maxBytes: number }

/** What a copy carried, and why it stopped short when it did. */
export type TWorkspaceCopy = { filesCopied: number; filesNotCopied?: string }

const DEFAULT_LIMITS: TWorkspaceCopyLimits = { maxFiles: 2_000, maxBytes: 50 * 1024 * 1024 }

/**
 * Copies every file under `root` from one sandbox to another, byte for byte. It stops at the
 * limits, and a sandbox that cannot be read is reported, not thrown: the caller says which
 * files did not make it.
 */
export async function copyWorkspaceFiles(
  from: ISandboxClient,
  to: ISandboxClient,
  root: string,
  limits: TWorkspaceCopyLimits = DEFAULT_LIMITS
): Promise<TWorkspaceCopy> {
  let filesCopied = 0
  let bytes = 0
  const pending = [root]
  try {
    while (pending.length > 0) {
      const directory = pending.shift() as string
      for (const entry of await from.readdir(directory)) {
        const path = joinPath(directory, entry.name)
        if (entry.type === 'directory') {
          pending.push(path)
          continue
        }
        if (entry.type !== 'file') continue
        if (filesCopied >= limits.maxFiles) return { filesCopied, filesNotCopied: `only the first ${limits.maxFiles} files were copied` }
        const content = await from.readFile(path, { encoding: 'bytes' })
        bytes += content.byteLength
        if (bytes > limits.maxBytes) return { filesCopied, filesNotCopied: `the workspace is over ${Math.round(limits.maxBytes / 1024 / 1024)} MB; ${path} and later files were not copied` }
        await to.writeFile(path, content)
        filesCopied++
      }
    }
  } catch (error) {
    return { filesCopied, filesNotCopied: `copying stopped: ${describeError(error)}` }
  }
  return { filesCopied }
}
