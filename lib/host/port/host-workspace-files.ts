import type { TSandboxDirEntry } from '../../../sandbox/sandbox-client.ts'

/** What applying a workspace manifest did, entry by entry. */
export type TManifestApplication = {
  entries: Array<{ path: string; type: string; status: 'applied' | 'unsupported' | 'failed'; message?: string }>
  /** Present when `abort` stopped the hydration; the entries it stopped are `failed`. */
  aborted?: true
}

/** Where a session's tools run, as plain data that can cross a worker boundary. */
export type TSandboxChoice =
  | { kind: 'in-memory' }
  | {
      kind: 'e2b'
      /** Kept in memory only: never persisted, logged or put in a replay event. */
      apiKey: string
      /** The E2B template to start from; E2B's base template when left out. */
      template?: string
      apiUrl?: string
      sandboxUrl?: string
    }

/** What switching a session's sandbox did with the workspace files. */
export type TSandboxSwitch = {
  kind: TSandboxChoice['kind']
  /** How many workspace files were copied into the new sandbox. */
  filesCopied: number
  /** Set when the files were not (all) carried over, saying why. */
  filesNotCopied?: string
}

/** A session's sandbox: its files, manifests that hydrate it, and the kind of sandbox it runs in. */
export interface IHostWorkspaceFiles {
  /** Lists a directory of the session's sandbox. */
  listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]>
  /** Reads a text file of the session's sandbox; a binary file is refused with a `ValidationError` giving its size. */
  readFile(sessionId: string, path: string): Promise<string>
  /** Writes a file into the session's sandbox (an upload, say). */
  writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void>
  /** Validates and applies a workspace manifest to the session's sandbox. */
  applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication>
  /**
   * Moves the session to another sandbox (in-memory or E2B), built where the host runs, copying
   * the workspace files; an E2B key stays in memory only.
   */
  setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch>
}
