import type { EntryInfo } from 'e2b'

// envd's FileType enum, by the name its JSON carries.
const FILE_TYPES: Record<string, string> = { file: 'FILE_TYPE_FILE', dir: 'FILE_TYPE_DIRECTORY', symlink: 'FILE_TYPE_SYMLINK' }

/** An entry as envd's `filesystem.EntryInfo` message in proto3 JSON (64-bit size as a string, time as RFC 3339). */
export function toEntryInfoMessage(entry: EntryInfo): Record<string, unknown> {
  return {
    name: entry.name,
    type: FILE_TYPES[String(entry.type)] ?? 'FILE_TYPE_UNSPECIFIED',
    path: entry.path,
    size: String(entry.size),
    mode: entry.mode,
    permissions: entry.permissions,
    owner: entry.owner,
    group: entry.group,
    ...(entry.modifiedTime === undefined ? {} : { modifiedTime: entry.modifiedTime.toISOString() }),
    ...(entry.symlinkTarget === undefined ? {} : { symlinkTarget: entry.symlinkTarget })
  }
}
