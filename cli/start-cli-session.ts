import { homedir } from 'node:os'
import { join, resolve, sep } from 'node:path'
import type { TEnvironmentRecord } from '../lib/core/env-reference.ts'
import { ValidationError } from '../lib/core/errors.ts'
import { anthropicProviderDefinition } from '../lib/providers/anthropic/anthropic-provider-definition.ts'
import { googleProviderDefinition } from '../lib/providers/google/google-provider-definition.ts'
import { openaiProviderDefinition } from '../lib/providers/openai/openai-provider-definition.ts'
import { loadSettings } from '../lib/session/config/load-settings.ts'
import { InteractiveSession } from '../lib/session/interactive-session.ts'
import type { TPermissionHandler } from '../lib/session/permission-enforcer-types.ts'
import type { TCliArguments } from './arguments/cli-arguments.ts'
import { readUserSettings } from './config/read-user-settings.ts'
import { resolveProviderConfig, type TResolvedProvider } from './config/resolve-provider-config.ts'
import { FileSessionStore } from './storage/file-session-store.ts'
import { openWorkspace, type TOpenedWorkspace } from './workspace/open-workspace.ts'

/** Where the terminal client runs: the process's environment and directories. */
export type TCliEnvironment = {
  env: TEnvironmentRecord
  /** The host directory copied into the sandbox. */
  cwd: string
  homeDirectory?: string
}

/** Everything a terminal front end drives: the SDK's session and what it was built from. */
export type TCliSession = {
  session: InteractiveSession
  store: FileSessionStore
  workspace: TOpenedWorkspace
  provider: TResolvedProvider
}

const PROVIDER_DEFINITIONS = [anthropicProviderDefinition, openaiProviderDefinition, googleProviderDefinition]

/** The sessions directory: `--sessions-dir`, `ROBOTA_SESSIONS_DIR`, or `~/.robota/sessions`. */
export function resolveSessionsDirectory(args: TCliArguments, environment: TCliEnvironment): string {
  const chosen = args.sessionsDirectory ?? environment.env.ROBOTA_SESSIONS_DIR
  return chosen ? resolve(environment.cwd, chosen) : join(environment.homeDirectory ?? homedir(), '.robota', 'sessions')
}

/**
 * Builds the terminal client's session: the sandbox hydrated from the current directory, the
 * settings layers (user files, then the project's read from the copy), the provider from flags,
 * environment and settings, and the file store; `--resume`/`--continue` pick the stored session.
 */
export async function startCliSession(args: TCliArguments, environment: TCliEnvironment, permissionHandler?: TPermissionHandler): Promise<TCliSession> {
  const { env } = environment
  const userSettings = await readUserSettings(environment.homeDirectory ?? homedir(), env)
  const store = new FileSessionStore(resolveSessionsDirectory(args, environment))
  const resumeSessionId = args.resume ?? (args.continueLatest ? await findLatestSession(store) : undefined)
  if (args.resume !== undefined && (await store.loadSession(args.resume)) === undefined) {
    throw new ValidationError(`robota: --resume: no session "${args.resume}" in ${store.getDirectory()}.`)
  }
  const workspace = await openWorkspace(args.sandbox, environment.cwd, env)
  return namingHostFiles(workspace, () => openSession(args, environment, workspace, { store, userSettings, resumeSessionId, permissionHandler }))
}

type TSessionParts = { store: FileSessionStore; userSettings: Awaited<ReturnType<typeof readUserSettings>>; resumeSessionId: string | undefined; permissionHandler: TPermissionHandler | undefined }

async function openSession(args: TCliArguments, environment: TCliEnvironment, workspace: TOpenedWorkspace, parts: TSessionParts): Promise<TCliSession> {
  const { env } = environment
  const { store, userSettings, resumeSessionId, permissionHandler } = parts
  const { settings } = await loadSettings(workspace.sandbox, { cwd: workspace.workspaceRoot, userSettings, env })
  const provider = resolveProviderConfig(PROVIDER_DEFINITIONS, args, env, settings)
  const session = new InteractiveSession({
    provider: provider.definition.createProvider(provider.config),
    sandbox: workspace.sandbox,
    store,
    cwd: workspace.workspaceRoot,
    userSettings,
    env,
    ...(args.model || !resumeSessionId ? { model: provider.config.model } : {}),
    ...(args.permissionMode ? { permissionMode: args.permissionMode } : {}),
    ...(permissionHandler ? { permissionHandler } : {}),
    ...(resumeSessionId ? { resumeSessionId } : {}),
    ...(args.name ? { name: args.name } : {})
  })
  await session.ready()
  return { session, store, workspace, provider }
}

async function findLatestSession(store: FileSessionStore): Promise<string> {
  const latest = (await store.listSessions()).sessions[0]
  if (!latest) throw new ValidationError(`robota: --continue: there is no stored session in ${store.getDirectory()}.`)
  return latest.id
}

// The project's files are read from their copy in the sandbox: a file a message names (a bad
// settings file) is named where the user keeps it, not where the copy is.
async function namingHostFiles<TValue>(workspace: TOpenedWorkspace, open: () => Promise<TValue>): Promise<TValue> {
  try {
    return await open()
  } catch (error) {
    if (error instanceof Error) error.message = error.message.replaceAll(`${workspace.workspaceRoot}/`, `${workspace.hostDirectory}${sep}`)
    throw error
  }
}
