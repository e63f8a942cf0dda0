import { SandboxError } from '../sandbox-client.ts'
import { base64ToBytes } from './base64.ts'
import { IN_MEMORY_SNAPSHOT_FORMAT } from './in-memory-snapshot.ts'
import type { TInMemorySandboxSnapshot, TInMemorySnapshotEntry } from './in-memory-snapshot.ts'
import { ancestorSandboxPaths, isNormalizedSandboxPath } from './sandbox-path.ts'

/**
 * Checks that `value` is a snapshot `restore()` can apply in full, and returns it typed. Every
 * problem is found before anything is written, so a bad snapshot never half-restores.
 */
export function parseInMemorySnapshot(value: unknown): TInMemorySandboxSnapshot {
  if (!isRecord(value)) invalid('it is not an object')
  if (value.format !== IN_MEMORY_SNAPSHOT_FORMAT) invalid(`"format" must be "${IN_MEMORY_SNAPSHOT_FORMAT}"`)
  if (value.version !== 1) invalid(`"version" must be 1, got ${JSON.stringify(value.version)}`)
  if (typeof value.cwd !== 'string' || !isNormalizedSandboxPath(value.cwd)) invalid('"cwd" must be an absolute path')
  if (!Array.isArray(value.entries)) invalid('"entries" must be an array')

  const entries = value.entries.map((entry: unknown, index: number) => parseEntry(entry, index))
  const typeByPath = new Map<string, TInMemorySnapshotEntry['type']>()
  for (const entry of entries) {
    if (typeByPath.has(entry.path)) invalid(`path ${entry.path} appears more than once`)
    typeByPath.set(entry.path, entry.type)
  }
  for (const entry of entries) {
    for (const ancestor of ancestorSandboxPaths(entry.path)) {
      const type = typeByPath.get(ancestor)
      if (type !== undefined && type !== 'directory') invalid(`${entry.path} lies inside ${ancestor}, which is a ${type}`)
    }
  }
  if (typeByPath.get(value.cwd) !== 'directory' && value.cwd !== '/') invalid(`"cwd" ${value.cwd} is not a directory of the snapshot`)
  return { format: IN_MEMORY_SNAPSHOT_FORMAT, version: 1, cwd: value.cwd, entries }
}

function parseEntry(entry: unknown, index: number): TInMemorySnapshotEntry {
  const where = `entries[${index}]`
  if (!isRecord(entry)) invalid(`${where} is not an object`)
  const path = entry.path
  if (typeof path !== 'string' || !isNormalizedSandboxPath(path)) invalid(`${where}.path must be a normalized absolute path`)
  if (entry.type === 'symlink') {
    if (typeof entry.target !== 'string' || entry.target.length === 0) invalid(`${where}.target must be a non-empty string`)
    return { type: 'symlink', path, target: entry.target }
  }
  if (path === '/' && entry.type !== 'directory') invalid(`${where}: "/" must be a directory`)
  const mode = entry.mode
  if (typeof mode !== 'number' || !Number.isInteger(mode) || mode < 0 || mode > 0o7777) {
    invalid(`${where}.mode must be an integer from 0 to 0o7777`)
  }
  const mtimeMs = entry.mtimeMs
  if (typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs)) invalid(`${where}.mtimeMs must be a finite number`)
  if (entry.type === 'directory') return { type: 'directory', path, mode, mtimeMs }
  if (entry.type !== 'file') invalid(`${where}.type must be "file", "directory" or "symlink"`)
  const { encoding, content } = entry
  if (encoding !== 'utf8' && encoding !== 'base64') invalid(`${where}.encoding must be "utf8" or "base64"`)
  if (typeof content !== 'string') invalid(`${where}.content must be a string`)
  if (encoding === 'base64' && base64ToBytes(content) === undefined) invalid(`${where}.content is not valid base64`)
  return { type: 'file', path, mode, mtimeMs, encoding, content }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid(reason: string): never {
  throw new SandboxError('SANDBOX_ERROR', `Invalid in-memory sandbox snapshot: ${reason}`)
}
