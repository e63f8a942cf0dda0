/** Why a manifest was rejected before anything was written. */
export type TWorkspaceManifestErrorCode =
  /** A path, an entry or the manifest itself is malformed. */
  | 'WORKSPACE_MANIFEST_INVALID'
  /** The manifest asks for something this client or applicator cannot honour (environment, permissions). */
  | 'WORKSPACE_MANIFEST_REFUSED'

/**
 * A manifest rejected as a whole: nothing was written. `problems` lists every bad entry or field,
 * each naming it, and the message repeats them one per line.
 */
export class WorkspaceManifestError extends Error {
  override readonly name = 'WorkspaceManifestError'
  readonly code: TWorkspaceManifestErrorCode
  readonly problems: string[]

  constructor(code: TWorkspaceManifestErrorCode, problems: string[]) {
    const heading =
      code === 'WORKSPACE_MANIFEST_INVALID'
        ? `Invalid workspace manifest (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was written`
        : 'Workspace manifest refused; nothing was written'
    super([heading, ...problems.map((problem) => `- ${problem}`)].join('\n'))
    this.code = code
    this.problems = [...problems]
  }
}

/** True for a `WorkspaceManifestError`, including one rebuilt on the other side of a worker boundary. */
export function isWorkspaceManifestError(value: unknown): value is WorkspaceManifestError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'WorkspaceManifestError' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    Array.isArray((value as { problems?: unknown }).problems)
  )
}
