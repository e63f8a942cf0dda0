import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { ISandboxClient, TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import { decodeTextContent } from '../tools/builtins/text-content.ts'
import type { TManifestApplication } from './agent-host.ts'
import type { HostedSession } from './hosted-session.ts'

/** What a host's file access works through. */
export type THostWorkspaceFilePorts = {
  store: ISessionStore
  /** The session's live session, started when it is not open yet. @throws when there is no such session. */
  liveSession: (sessionId: string) => Promise<HostedSession>
  /** Applies a workspace manifest to a sandbox; without it `applyManifest` is refused. */
  applyManifest?: (sandbox: ISandboxClient, manifest: unknown, options: { signal: AbortSignal }) => Promise<TManifestApplication>
}

/**
 * The files of a session's sandbox, for a file browser: listing and reading, and writes and
 * manifests, after which the sandbox snapshot is stored so a resumed session keeps them.
 */
export class HostWorkspaceFiles {
  constructor(private readonly ports: THostWorkspaceFilePorts) {}

  async list(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return (await this.ports.liveSession(sessionId)).sandbox.readdir(path)
  }

  /** The file's text. @throws a `ValidationError` saying the file is binary, with its size, rather than decoding bytes into garbage. */
  async read(sessionId: string, path: string): Promise<string> {
    const bytes = await (await this.ports.liveSession(sessionId)).sandbox.readFile(path, { encoding: 'bytes' })
    const text = decodeTextContent(bytes)
    if (text === undefined) {
      throw new ValidationError(`${path} is a binary file (${bytes.length} bytes); it is not shown as text.`, { details: { path, bytes: bytes.length, binary: true } })
    }
    return text
  }

  async write(sessionId: string, path: string, content: string | Uint8Array): Promise<void> {
    const { sandbox } = await this.ports.liveSession(sessionId)
    await sandbox.writeFile(path, content)
    await saveSandboxSnapshot(this.ports.store, sessionId, sandbox)
  }

  /** @throws ConfigurationError when the host was built without `applyManifest`. */
  async applyManifest(sessionId: string, manifest: unknown, signal: AbortSignal): Promise<TManifestApplication> {
    const apply = this.ports.applyManifest
    if (!apply) throw new ConfigurationError('This host cannot apply workspace manifests: it was built without `applyManifest`.')
    const { sandbox } = await this.ports.liveSession(sessionId)
    const result = await apply(sandbox, manifest, { signal })
    await saveSandboxSnapshot(this.ports.store, sessionId, sandbox)
    return result
  }
}

/** Stores the sandbox's snapshot as the session's, when the sandbox can take one. */
export async function saveSandboxSnapshot(store: ISessionStore, sessionId: string, sandbox: ISandboxClient): Promise<void> {
  if (sandbox.snapshot) await store.saveSandboxSnapshot(sessionId, await sandbox.snapshot())
}
