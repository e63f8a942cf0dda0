// Data types of a workspace manifest: plain serializable objects, so a manifest can be written as
// JSON, sent to a worker and stored with a session.

/** Inline file content: UTF-8 text, or bytes as base64 with `encoding: 'base64'`. */
export type TWorkspaceFileEntry = {
  type: 'file'
  content: string
  encoding?: 'utf8' | 'base64'
  /** Lowercase or uppercase hex SHA-256 of the bytes; a mismatch makes the manifest invalid. */
  sha256?: string
}

/** An empty directory (with its parents). */
export type TWorkspaceDirEntry = { type: 'dir' }

/** A file fetched over HTTP(S): the browser's stand-in for a host file. */
export type TWorkspaceUrlEntry = {
  type: 'url'
  url: string
  /** Request headers, e.g. an authorization the origin needs. */
  headers?: Record<string, string>
  /** Hex SHA-256 the fetched bytes must have; on a mismatch nothing is written. */
  sha256?: string
}

/** A Git repository cloned over smart HTTP with isomorphic-git. */
export type TWorkspaceGitRepoEntry = {
  type: 'gitRepo'
  url: string
  /** A branch, a tag or a full 40-character commit id; the remote's default branch when left out. */
  ref?: string
  /** How many commits of history to fetch; all of it when left out. Ignored for a commit `ref`. */
  depth?: number
}

/** An Amazon S3 bucket to mount. */
export type TWorkspaceS3MountEntry = { type: 's3Mount'; bucket: string; prefix?: string; region?: string; endpoint?: string }

/** A Google Cloud Storage bucket to mount. */
export type TWorkspaceGcsMountEntry = { type: 'gcsMount'; bucket: string; prefix?: string }

/** A Cloudflare R2 bucket to mount. */
export type TWorkspaceR2MountEntry = { type: 'r2Mount'; bucket: string; accountId?: string; prefix?: string }

/** An Azure Blob Storage container to mount. */
export type TWorkspaceAzureBlobMountEntry = { type: 'azureBlobMount'; container: string; account?: string; prefix?: string }

/** Storage mounts: part of the contract, but only a provider-specific adapter can attach them. */
export type TWorkspaceMountEntry =
  | TWorkspaceS3MountEntry
  | TWorkspaceGcsMountEntry
  | TWorkspaceR2MountEntry
  | TWorkspaceAzureBlobMountEntry

/** One thing to put into the workspace, by kind. */
export type TWorkspaceManifestEntry =
  | TWorkspaceFileEntry
  | TWorkspaceDirEntry
  | TWorkspaceUrlEntry
  | TWorkspaceGitRepoEntry
  | TWorkspaceMountEntry

/** Read and write path patterns for the file tools, relative to the workspace. */
export type TWorkspaceManifestPermissions = {
  read?: string[]
  write?: string[]
}

/**
 * A declarative description of a fresh workspace: entries keyed by workspace-relative path, plus
 * an environment for later commands and file permissions that something must enforce.
 */
export interface IWorkspaceManifest {
  entries: Record<string, TWorkspaceManifestEntry>
  /** Variables every later command sees; needs a client with `setEnvironment`. */
  environment?: Record<string, string>
  /** Refused unless `enforcePermissions` is given to `applyWorkspaceManifest`: never silently ignored. */
  permissions?: TWorkspaceManifestPermissions
}

/** Options for `applyWorkspaceManifest`. */
export interface IWorkspaceManifestApplyOptions {
  /** Absolute directory the entries land in; defaults to `/workspace`. `/` is accepted. */
  targetRoot?: string
  /** Used for `url` entries and git's HTTP; defaults to `globalThis.fetch`. */
  fetch?: typeof fetch
  /** A CORS proxy URL prefix for git in a browser, as isomorphic-git's `corsProxy`. */
  gitCorsProxy?: string
  /** Takes over `permissions` (e.g. the file tools' policy); without it they are refused. */
  enforcePermissions?: (permissions: TWorkspaceManifestPermissions) => void | Promise<void>
  /** Stops the hydration: downloads and clones are dropped, and later entries are not started. */
  signal?: AbortSignal
}

/** What became of one entry. */
export interface IWorkspaceManifestAppliedEntry {
  /** The normalized workspace-relative path. */
  path: string
  type: TWorkspaceManifestEntry['type']
  status: 'applied' | 'unsupported' | 'failed'
  message?: string
}

/** The outcome of every entry, in manifest order. */
export interface IWorkspaceManifestApplyResult {
  entries: IWorkspaceManifestAppliedEntry[]
  /** Present when the signal stopped the hydration; the entries it stopped are `failed`. */
  aborted?: true
}
