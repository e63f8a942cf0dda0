import { base64ToBytes } from '../in-memory/base64.ts'
import { describeSha256Mismatch, isSha256Hex } from './sha256.ts'
import { optionNamesOf } from '../assert-known-sandbox-options.ts'
import type { TWorkspaceDirEntry, TWorkspaceFileEntry, TWorkspaceGitRepoEntry, TWorkspaceUrlEntry } from './workspace-manifest.ts'

/** The four storage mounts: in the contract, answered `unsupported` by the generic applicator. */
export const WORKSPACE_MOUNT_TYPES = ['s3Mount', 'gcsMount', 'r2Mount', 'azureBlobMount'] as const

const textEncoder = new TextEncoder()

type TFields = Record<string, unknown>
type TFieldCheck = (fields: TFields) => string[]

const checksByType: Record<string, TFieldCheck> = {
  file: (fields) => [
    ...requireString(fields, 'content', true),
    ...(fields.encoding === undefined || fields.encoding === 'utf8' || fields.encoding === 'base64'
      ? []
      : ['"encoding" must be "utf8" or "base64"']),
    ...describeFileContentProblems(fields)
  ],
  dir: () => [],
  url: (fields) => [...requireHttpUrl(fields), ...requireHeaders(fields), ...requireSha256Format(fields)],
  gitRepo: (fields) => [
    ...requireHttpUrl(fields),
    ...(fields.ref === undefined || (typeof fields.ref === 'string' && /^[^\s~^:?*[\\]+$/.test(fields.ref))
      ? []
      : ['"ref" must be a branch, tag or commit name without spaces or special characters']),
    ...(fields.depth === undefined || (Number.isInteger(fields.depth) && (fields.depth as number) > 0)
      ? []
      : ['"depth" must be a positive whole number'])
  ],
  s3Mount: (fields) => requireString(fields, 'bucket'),
  gcsMount: (fields) => requireString(fields, 'bucket'),
  r2Mount: (fields) => requireString(fields, 'bucket'),
  azureBlobMount: (fields) => requireString(fields, 'container')
}

// The fields of the entries this applicator writes: a misspelt one (`contnet`) would be dropped
// without a word. Mounts are left open, as a provider's adapter may read fields of its own.
const FIELDS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  file: optionNamesOf<TWorkspaceFileEntry>()(['type', 'content', 'encoding', 'sha256']),
  dir: optionNamesOf<TWorkspaceDirEntry>()(['type']),
  url: optionNamesOf<TWorkspaceUrlEntry>()(['type', 'url', 'headers', 'sha256']),
  gitRepo: optionNamesOf<TWorkspaceGitRepoEntry>()(['type', 'url', 'ref', 'depth'])
}

/** Everything wrong with one entry's fields (its path is checked elsewhere); empty when it is fine. */
export function describeEntryProblems(entry: unknown): string[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return ['the entry is not an object']
  const fields = entry as TFields
  const check = typeof fields.type === 'string' ? checksByType[fields.type] : undefined
  if (check === undefined) {
    return [`unknown entry type ${JSON.stringify(fields.type)} (expected ${Object.keys(checksByType).join(', ')})`]
  }
  const known = FIELDS_BY_TYPE[fields.type as string]
  const unknown = known === undefined ? [] : Object.keys(fields).filter((name) => !known.includes(name))
  return [...unknown.map((name) => `unknown field "${name}" (a ${String(fields.type)} entry has ${known?.join(', ')})`), ...check(fields)]
}

/** The bytes or text an inline file entry writes: base64 content decoded, text as it is. */
export function fileEntryContent(entry: TWorkspaceFileEntry): string | Uint8Array {
  return entry.encoding === 'base64' ? (base64ToBytes(entry.content) ?? new Uint8Array()) : entry.content
}

function describeFileContentProblems(fields: TFields): string[] {
  if (typeof fields.content !== 'string') return requireSha256Format(fields)
  const bytes = fields.encoding === 'base64' ? base64ToBytes(fields.content) : textEncoder.encode(fields.content)
  if (bytes === undefined) return ['"content" is not valid base64']
  const formatProblems = requireSha256Format(fields)
  if (formatProblems.length > 0 || fields.sha256 === undefined) return formatProblems
  const mismatch = describeSha256Mismatch(bytes, fields.sha256 as string)
  return mismatch === undefined ? [] : [mismatch]
}

function requireString(fields: TFields, name: string, allowEmpty = false): string[] {
  const value = fields[name]
  return typeof value === 'string' && (allowEmpty || value.length > 0) ? [] : [`"${name}" must be a ${allowEmpty ? '' : 'non-empty '}string`]
}

function requireHttpUrl(fields: TFields): string[] {
  if (typeof fields.url !== 'string') return ['"url" must be a string']
  const parsed = URL.canParse(fields.url) ? new URL(fields.url) : undefined
  return parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:')
    ? []
    : [`"url" ${JSON.stringify(fields.url)} is not an http or https URL`]
}

function requireHeaders(fields: TFields): string[] {
  const headers = fields.headers
  if (headers === undefined) return []
  const valid =
    typeof headers === 'object' && headers !== null && !Array.isArray(headers) && Object.values(headers).every((value) => typeof value === 'string')
  return valid ? [] : ['"headers" must be an object of string values']
}

function requireSha256Format(fields: TFields): string[] {
  return fields.sha256 === undefined || isSha256Hex(fields.sha256) ? [] : ['"sha256" must be 64 hexadecimal characters']
}
