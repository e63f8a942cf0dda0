import { lstat, readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { describeWorkspaceManifestPathProblem } from '../../sandbox/workspace/workspace-manifest-path.ts'
import type { IWorkspaceManifest, TWorkspaceFileEntry } from '../../sandbox/workspace/workspace-manifest.ts'

/** Bounds on what is copied from the host directory. */
export type TDirectoryManifestLimits = {
  maxFiles: number
  maxFileBytes: number
  maxTotalBytes: number
  /** Directory names never copied. */
  skippedDirectoryNames: readonly string[]
}

/** Copies a source tree, not its dependencies, build output or version-control store. */
export const DEFAULT_DIRECTORY_MANIFEST_LIMITS: TDirectoryManifestLimits = {
  maxFiles: 5_000,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  skippedDirectoryNames: ['.git', 'node_modules']
}

/** A manifest of a host directory, and what was left out of it and why. */
export type TDirectoryManifest = {
  manifest: IWorkspaceManifest
  /** Workspace-relative paths of the files copied, with the text or bytes each held. */
  files: Map<string, Uint8Array>
  skipped: Array<{ path: string; reason: string }>
}

/**
 * Reads a host directory into a workspace manifest of `file` entries (UTF-8 text as is, other
 * bytes as base64), so the sandbox starts as a copy of it. Symbolic links are not followed;
 * skipped directories, oversized files and names a manifest cannot hold are listed in `skipped`.
 * Nothing on the host is written.
 */
export async function readDirectoryManifest(directory: string, limits: TDirectoryManifestLimits = DEFAULT_DIRECTORY_MANIFEST_LIMITS): Promise<TDirectoryManifest> {
  const entries: IWorkspaceManifest['entries'] = {}
  const files = new Map<string, Uint8Array>()
  const skipped: TDirectoryManifest['skipped'] = []
  let totalBytes = 0
  const pending = [directory]
  while (pending.length > 0) {
    const current = pending.pop() as string
    const names = (await readdir(current)).sort()
    for (const name of names) {
      const absolute = join(current, name)
      const path = relative(directory, absolute).split(sep).join('/')
      const stats = await lstat(absolute)
      if (stats.isDirectory()) {
        if (limits.skippedDirectoryNames.includes(name)) skipped.push({ path, reason: 'directory not copied' })
        else pending.push(absolute)
        continue
      }
      if (!stats.isFile()) {
        skipped.push({ path, reason: stats.isSymbolicLink() ? 'symbolic link not followed' : 'not a regular file' })
        continue
      }
      const problem = describeWorkspaceManifestPathProblem(path)
      if (problem !== undefined) skipped.push({ path, reason: problem })
      else if (stats.size > limits.maxFileBytes) skipped.push({ path, reason: `larger than ${limits.maxFileBytes} bytes` })
      else if (files.size >= limits.maxFiles) skipped.push({ path, reason: `more than ${limits.maxFiles} files` })
      else if (totalBytes + stats.size > limits.maxTotalBytes) skipped.push({ path, reason: `more than ${limits.maxTotalBytes} bytes in all` })
      else {
        const bytes = new Uint8Array(await readFile(absolute))
        totalBytes += bytes.byteLength
        files.set(path, bytes)
        entries[path] = toFileEntry(bytes)
      }
    }
  }
  return { manifest: { entries }, files, skipped }
}

function toFileEntry(bytes: Uint8Array): TWorkspaceFileEntry {
  const text = decodeUtf8(bytes)
  return text === undefined ? { type: 'file', content: Buffer.from(bytes).toString('base64'), encoding: 'base64' } : { type: 'file', content: text }
}

/** The bytes as text when they are valid UTF-8, otherwise `undefined`. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}
