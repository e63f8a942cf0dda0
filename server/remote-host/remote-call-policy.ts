import type { TSessionListing, TSessionSummary } from '../../lib/storage/session-store.ts'
import type { TRemoteHostMethod } from '../../worker/remote/remote-host-frames.ts'

/** How the remote host guards one method: the session it names, the session it makes, what it lists. */
export type TRemoteCallPolicy = {
  /** The first argument is a session id that must belong to the caller. */
  sessionScoped: boolean
  /** The call returns a new session, which becomes the caller's. */
  createsSession?: boolean
  /** The call deletes its session, which is then nobody's. */
  releasesSession?: boolean
  /** The call lists sessions: only the caller's are kept. */
  listsSessions?: boolean
  /** Picks the provider choice the call carries (if any), which the host checks before running it. */
  providerChoice?: (args: readonly unknown[]) => unknown
  /** Why a page may not make this call on a shared host unless `allowPluginChanges` is set. */
  refused?: string
}

const scoped: TRemoteCallPolicy = { sessionScoped: true }

// Fetching a marketplace source or bundle would make the server fetch any address a page names, and
// the user scope is the host's, shared by every user: by default a shared host installs plugins itself.
const PLUGIN_CHANGES_REFUSED: TRemoteCallPolicy = {
  sessionScoped: true,
  refused: 'this remote host does not let pages fetch or install plugins (serveAgentHost option allowPluginChanges)'
}

/** One entry per host method; the compiler refuses a method without one. */
export const REMOTE_CALL_POLICY: Readonly<Record<TRemoteHostMethod, TRemoteCallPolicy>> = {
  createSession: { sessionScoped: false, createsSession: true, providerChoice: ([options]) => (isRecord(options) ? options.provider : undefined) },
  listSessions: { sessionScoped: false, listsSessions: true },
  renameSession: scoped,
  deleteSession: { sessionScoped: true, releasesSession: true },
  forkSession: { sessionScoped: true, createsSession: true },
  setProvider: { sessionScoped: true, providerChoice: ([, provider]) => provider ?? null },
  getSessionSettings: scoped,
  setSessionSettings: scoped,
  // The server's providers list with the server's keys; a page's choice may not carry a key or a server.
  listModels: { sessionScoped: false, providerChoice: ([choice]) => choice ?? null },
  openSession: scoped,
  loadEarlierMessages: scoped,
  loadEarlierEvents: scoped,
  closeSession: scoped,
  takeOver: scoped,
  submit: scoped,
  abort: scoped,
  answerPermission: scoped,
  setPermissionMode: scoped,
  setMcpServers: scoped,
  listMcpServers: scoped,
  listFiles: scoped,
  readFile: scoped,
  writeFile: scoped,
  applyManifest: scoped,
  exportReplay: scoped,
  importReplay: { sessionScoped: false, createsSession: true },
  verifyReplay: scoped,
  rerunReplay: scoped,
  listCommands: scoped,
  executeCommand: scoped,
  setSandbox: scoped,
  searchPlugins: { sessionScoped: false, refused: PLUGIN_CHANGES_REFUSED.refused as string },
  installPlugin: PLUGIN_CHANGES_REFUSED,
  listPlugins: scoped,
  setPluginEnabled: PLUGIN_CHANGES_REFUSED,
  uninstallPlugin: PLUGIN_CHANGES_REFUSED
}

/** Whether `method` is a host method the remote host serves (own keys only, so `constructor` and the like are not). */
export function isRemoteHostMethod(method: unknown): method is TRemoteHostMethod {
  return typeof method === 'string' && Object.hasOwn(REMOTE_CALL_POLICY, method)
}

/** Keeps the sessions (and corrupt entries) `owns` accepts. */
export async function filterListing(listing: TSessionListing, owns: (entry: TListedEntry) => boolean | Promise<boolean>): Promise<TSessionListing> {
  const [sessions, corrupt] = await Promise.all([keepOwned(listing.sessions, owns), keepOwned(listing.corrupt, owns)])
  return { sessions, corrupt }
}

/** What a listing tells of a session: its id and, for a subagent run, the session that started it. */
type TListedEntry = { id: string; parentSessionId?: string }

async function keepOwned<TEntry extends TListedEntry>(entries: readonly TEntry[], owns: (entry: TListedEntry) => boolean | Promise<boolean>): Promise<TEntry[]> {
  const owned = await Promise.all(entries.map((entry) => owns(entry)))
  return entries.filter((_, index) => owned[index])
}

/** The id of the session a creating call returned. */
export function createdSessionId(result: unknown): string {
  return (result as TSessionSummary).id
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
