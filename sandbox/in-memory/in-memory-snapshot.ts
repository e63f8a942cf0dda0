import type { InMemoryFs } from 'just-bash'
import { base64ToBytes, bytesToBase64 } from './base64.ts'
import { isNotFoundError } from './filesystem-error.ts'
import { isSandboxPathWithin } from './sandbox-path.ts'

/** A directory captured by `InMemorySandboxClient.snapshot()`. */
export type TInMemorySnapshotDirectory = { type: 'directory'; path: string; mode: number; mtimeMs: number }

/** A file captured by a snapshot: valid UTF-8 is kept as text, anything else as base64. */
export type TInMemorySnapshotFile = {
  type: 'file'
  path: string
  mode: number
  mtimeMs: number
  encoding: 'utf8' | 'base64'
  content: string
}

/** A symbolic link captured by a snapshot. */
export type TInMemorySnapshotSymlink = { type: 'symlink'; path: string; target: string }

/** One filesystem entry of a snapshot, tagged by `type`. */
export type TInMemorySnapshotEntry = TInMemorySnapshotDirectory | TInMemorySnapshotFile | TInMemorySnapshotSymlink

/** The plain, JSON-serializable value `snapshot()` returns and `restore()` accepts. */
export type TInMemorySandboxSnapshot = {
  format: typeof IN_MEMORY_SNAPSHOT_FORMAT
  version: 1
  /** The client's current directory when the snapshot was taken. */
  cwd: string
  /** Every entry, sorted by path, parents before children. */
  entries: TInMemorySnapshotEntry[]
}

/** The `format` tag of an in-memory sandbox snapshot. */
export const IN_MEMORY_SNAPSHOT_FORMAT = 'robota-in-memory-sandbox'

// just-bash regenerates these whenever a Bash is built: virtual device and process files, and one
// stub script per built-in command. Leaving them out keeps snapshots small and about user data.
const regeneratedTrees = ['/dev', '/proc']
const builtinStubPattern = /^#!\/bin\/bash\n# Built-in command: [^\n]+\n$/
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const utf8Encoder = new TextEncoder()

/**
 * Captures every user-visible entry of `fs`, with content, mode and modification time. A command
 * may run while it reads: an entry removed after the listing (a temporary file renamed into
 * place, say) is left out rather than failing the capture.
 */
export async function captureSnapshot(fs: InMemoryFs, cwd: string): Promise<TInMemorySandboxSnapshot> {
  const entries: TInMemorySnapshotEntry[] = []
  const paths = fs
    .getAllPaths()
    .filter((path) => !regeneratedTrees.some((tree) => isSandboxPathWithin(path, tree)))
    .sort(comparePaths)
  for (const path of paths) {
    try {
      const entry = await captureEntry(fs, path)
      if (entry) entries.push(entry)
    } catch (error) {
      if (!isNotFoundError(error)) throw error
    }
  }
  return { format: IN_MEMORY_SNAPSHOT_FORMAT, version: 1, cwd, entries }
}

async function captureEntry(fs: InMemoryFs, path: string): Promise<TInMemorySnapshotEntry | undefined> {
  const stat = await fs.lstat(path)
  if (stat.isSymbolicLink) return { type: 'symlink', path, target: await fs.readlink(path) }
  if (stat.isDirectory) return { type: 'directory', path, mode: stat.mode, mtimeMs: stat.mtime.getTime() }
  const bytes = await fs.readFileBuffer(path)
  const text = decodeUtf8(bytes)
  if (text !== undefined && isBuiltinStub(path, text)) return undefined
  const content =
    text === undefined ? { encoding: 'base64' as const, content: bytesToBase64(bytes) } : { encoding: 'utf8' as const, content: text }
  return { type: 'file', path, mode: stat.mode, mtimeMs: stat.mtime.getTime(), ...content }
}

/** Builds a fresh filesystem holding exactly the snapshot's entries. The snapshot must be valid. */
export async function buildFilesystemFromSnapshot(
  createFilesystem: () => InMemoryFs,
  snapshot: TInMemorySandboxSnapshot
): Promise<InMemoryFs> {
  const fs = createFilesystem()
  const entries = [...snapshot.entries].sort((left, right) => comparePaths(left.path, right.path))
  for (const entry of entries) {
    if (entry.type === 'directory') fs.mkdirSync(entry.path, { recursive: true })
    else if (entry.type === 'symlink') await fs.symlink(entry.target, entry.path)
    else {
      const content =
        entry.encoding === 'utf8' ? utf8Encoder.encode(entry.content) : (base64ToBytes(entry.content) ?? new Uint8Array())
      fs.writeFileSync(entry.path, content, undefined, { mode: entry.mode, mtime: new Date(entry.mtimeMs) })
    }
  }
  // Directory metadata goes last: creating children may touch a directory's modification time.
  for (const entry of entries) {
    if (entry.type !== 'directory') continue
    await fs.chmod(entry.path, entry.mode)
    await fs.utimes(entry.path, new Date(entry.mtimeMs), new Date(entry.mtimeMs))
  }
  return fs
}

/** Orders paths so every parent comes before its children (segment by segment, by code point). */
export function comparePaths(left: string, right: string): number {
  const leftSegments = left.split('/')
  const rightSegments = right.split('/')
  for (let index = 0; index < Math.min(leftSegments.length, rightSegments.length); index += 1) {
    const leftSegment = leftSegments[index] ?? ''
    const rightSegment = rightSegments[index] ?? ''
    if (leftSegment !== rightSegment) return leftSegment < rightSegment ? -1 : 1
  }
  return leftSegments.length - rightSegments.length
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8Decoder.decode(bytes)
  } catch {
    return undefined
  }
}

function isBuiltinStub(path: string, text: string): boolean {
  return (path.startsWith('/bin/') || path.startsWith('/usr/bin/')) && builtinStubPattern.test(text)
}
