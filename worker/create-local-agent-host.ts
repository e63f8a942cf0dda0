import { describeValue } from '../lib/core/describe-value.ts'
import { describeError } from '../lib/core/describe-error.ts'
import { ConfigurationError, isRobotaError } from '../lib/core/errors.ts'
import type { IAIProvider } from '../lib/core/provider.ts'
import type { TProviderChoice } from '../lib/host/agent-host.ts'
import { LocalAgentHost, type TLocalAgentHostOptions } from '../lib/host/local-agent-host.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import { IndexedDBPluginFileStore } from '../lib/storage/indexeddb/indexeddb-plugin-file-store.ts'
import type { IPluginFileStore } from '../lib/storage/plugin-file-store.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IWorkspaceManifest } from '../sandbox/workspace/workspace-manifest.ts'
import type { TAgentWorkerOptions, TProviderFactory } from './agent-worker-options.ts'
import { assertWorkerOptions } from './assert-worker-options.ts'
import { resolveSessionStore } from './resolve-session-store.ts'

const DEFAULT_WORKSPACE_ROOT = '/workspace'

/**
 * The agent host an app's worker options describe, over `store`, in the current thread: what the
 * worker runs (behind the multi-tab layer), and what tests and Node use directly. The store is the
 * second argument or, without it, `options.store` (a store, or `{ databaseName }` for IndexedDB).
 *
 * @throws ConfigurationError naming the option when one is unknown, missing or misshapen
 * (`assertWorkerOptions`), or when neither argument gives a session store.
 */
export function createLocalAgentHost(options: TAgentWorkerOptions, store?: ISessionStore): LocalAgentHost {
  assertWorkerOptions(options)
  return buildLocalAgentHost(options, resolveSessionStore(store ?? options.store, store ? 'createLocalAgentHost(options, store)' : 'createLocalAgentHost(options)').store)
}

/**
 * `createLocalAgentHost` for a caller that has checked `options` itself, under the name of the
 * call the app wrote: the check parses hooks and permissions, so it runs once per start. `host`
 * holds what the caller's own layer decides (a host under the multi-tab one closes no cut turn).
 */
export function buildLocalAgentHost(
  options: TAgentWorkerOptions,
  sessionStore: ISessionStore,
  host: Pick<TLocalAgentHostOptions, 'closeInterruptedTurns'> = {}
): LocalAgentHost {
  const root = options.workspace?.root ?? DEFAULT_WORKSPACE_ROOT
  const files = options.workspace?.files ?? {}
  const applyManifest =
    options.applyManifest === false
      ? undefined
      : (options.applyManifest ??
        // The applicator validates every entry before writing anything, so page data can go in as is.
        // It loads with the first manifest, so a worker whose sessions never name one does not carry it.
        (async (sandbox, manifest, { signal }) => {
          const { applyWorkspaceManifest } = await import('../sandbox/workspace/apply-workspace-manifest.ts')
          return applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, { targetRoot: root, signal })
        }))
  // The default sandbox loads its shell ahead of the first turn; an app's own is readied as it says.
  const prepareSandbox = options.prepareSandbox ?? (options.sandbox ? undefined : () => InMemorySandboxClient.preload())
  return new LocalAgentHost({
    ...host,
    store: sessionStore,
    createSandbox: options.sandbox ?? (() => new InMemorySandboxClient({ files: { ...files }, cwd: root })),
    ...(prepareSandbox ? { prepareSandbox } : {}),
    ...(options.sandboxFromChoice ? { createSandboxFromChoice: options.sandboxFromChoice } : {}),
    createProvider: (choice) => buildProvider(options.providers, choice),
    providerKinds: Object.keys(options.providers),
    defaultProvider: options.defaultProvider,
    workspaceRoot: root,
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.systemPrompt === undefined ? {} : { systemMessage: options.systemPrompt }),
    ...(options.permissions ? { permissions: options.permissions } : {}),
    ...(options.permissionMode ? { permissionMode: options.permissionMode } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(applyManifest ? { applyManifest } : {}),
    ...(options.autoCompactThreshold === undefined ? {} : { autoCompactThreshold: options.autoCompactThreshold }),
    ...(options.eventIntervalMs === undefined ? {} : { eventIntervalMs: options.eventIntervalMs }),
    ...(options.env ? { env: options.env } : {}),
    ...(options.userSettings === undefined ? {} : { userSettings: options.userSettings }),
    ...(options.webFetch === undefined ? {} : { webFetch: options.webFetch }),
    ...(options.searchProvider ? { searchProvider: options.searchProvider } : {}),
    ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
    ...(options.userPlugins ? { userPlugins: resolvePluginStore(options.userPlugins) } : {})
  })
}

// A factory's own failure (a missing key, a bad URL) keeps its class; anything else is named after the factory.
async function buildWith(factory: TProviderFactory, choice: TProviderChoice): Promise<IAIProvider> {
  try {
    return await factory(choice)
  } catch (error) {
    if (isRobotaError(error)) throw error
    throw new ConfigurationError(`providers.${choice.kind} failed to build its provider: ${describeError(error)}`, { details: { kind: choice.kind }, cause: error })
  }
}

function resolvePluginStore(option: NonNullable<TAgentWorkerOptions['userPlugins']>): IPluginFileStore {
  return 'read' in option ? option : new IndexedDBPluginFileStore({ databaseName: option.databaseName })
}

async function buildProvider(providers: TAgentWorkerOptions['providers'], choice: TProviderChoice): Promise<IAIProvider> {
  const factory = providers[choice.kind]
  if (!factory) {
    throw new ConfigurationError(`This host has no provider "${choice.kind}"; it offers: ${Object.keys(providers).join(', ')}. Add it to the providers of exposeAgentHost (or createLocalAgentHost).`, {
      details: { kind: choice.kind }
    })
  }
  const provider = await buildWith(factory, choice)
  // A factory written as `(choice) => { new AnthropicProvider(…) }` returns nothing.
  if (typeof (provider as Partial<IAIProvider> | undefined)?.chat !== 'function') {
    throw new ConfigurationError(`providers.${choice.kind} must return a provider, such as new AnthropicProvider({ apiKey }); it returned ${describeValue(provider)}.`, {
      details: { kind: choice.kind }
    })
  }
  return provider
}
