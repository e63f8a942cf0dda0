import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { IDiffLine } from '../../lib/core/tool.ts'
import { diffTextLines } from '../../lib/tools/builtins/line-diff.ts'
import { SKIPPED_DIRECTORY_NAMES, walkSandboxFiles } from '../../lib/tools/builtins/walk-sandbox-files.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { decodeUtf8 } from './read-directory-manifest.ts'

/** One file `/sync` would write to, or delete from, the host directory. */
export type TWorkspaceSyncChange = {
  /** Relative to the workspace and to the host directory. */
  path: string
  kind: 'add' | 'modify' | 'delete'
  /** The sandbox's bytes, absent for a deletion. */
  content?: Uint8Array
  /** The changed lines for display; empty when either side is not text. */
  diffLines: IDiffLine[]
  binary: boolean
}

/** Where a sync reads and writes. */
export type TWorkspaceSyncScope = {
  sandbox: ISandboxClient
  /** The sandbox directory the host directory was copied to. */
  workspaceRoot: string
  hostDirectory: string
  /** The files copied in at the start: only these may be deleted from the host. */
  hydratedPaths: ReadonlySet<string>
}

const MAX_SYNC_FILES = 10_000

/**
 * Compares the sandbox workspace with the host directory: files the sandbox added or changed, and
 * copied-in files it deleted. Reads both sides and writes nothing.
 */
export async function planWorkspaceSync(scope: TWorkspaceSyncScope): Promise<TWorkspaceSyncChange[]> {
  const root = scope.workspaceRoot.replace(/\/+$/, '')
  const walk = await walkSandboxFiles(scope.sandbox, root, { maxEntries: MAX_SYNC_FILES, skippedDirectoryNames: SKIPPED_DIRECTORY_NAMES })
  const changes: TWorkspaceSyncChange[] = []
  const present = new Set<string>()
  for (const absolute of walk.files) {
    const path = absolute.slice(root.length + 1)
    present.add(path)
    const content = await scope.sandbox.readFile(absolute, { encoding: 'bytes' })
    const before = await readHostFile(join(scope.hostDirectory, path))
    if (before !== undefined && sameBytes(before, content)) continue
    changes.push(describeChange(path, before, content))
  }
  for (const path of [...scope.hydratedPaths].sort()) {
    if (present.has(path)) continue
    const before = await readHostFile(join(scope.hostDirectory, path))
    if (before !== undefined) changes.push(describeChange(path, before, undefined))
  }
  return changes.sort((left, right) => left.path.localeCompare(right.path))
}

function describeChange(path: string, before: Uint8Array | undefined, after: Uint8Array | undefined): TWorkspaceSyncChange {
  const beforeText = before === undefined ? '' : decodeUtf8(before)
  const afterText = after === undefined ? '' : decodeUtf8(after)
  const binary = beforeText === undefined || afterText === undefined
  const kind = after === undefined ? 'delete' : before === undefined ? 'add' : 'modify'
  return {
    path,
    kind,
    ...(after === undefined ? {} : { content: after }),
    diffLines: binary ? [] : diffTextLines(beforeText, afterText),
    binary
  }
}

async function readHostFile(path: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined
    throw error
  }
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.byteLength === right.byteLength && left.every((byte, index) => byte === right[index])
}
