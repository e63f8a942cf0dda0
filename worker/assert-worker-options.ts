import { assertKnownKeys } from '../lib/core/assert-known-keys.ts'
import { assertOptionKinds } from '../lib/core/assert-option-kinds.ts'
import { assertToolsOption } from '../lib/core/assert-tools-option.ts'
import { refuseHooksWithoutMoment } from '../lib/hooks/hook-events-without-moment.ts'
import { ConfigurationError } from '../lib/core/errors.ts'
import { describeValue } from '../lib/core/describe-value.ts'
import { assertPermissionModeOption } from '../lib/permissions/assert-permission-mode-option.ts'
import { assertLikeSettings, assertPermissionsOption } from '../lib/session/config/assert-like-settings.ts'
import { settingsSchema } from '../lib/session/config/settings-schema.ts'
import type { TAgentWorkerOptions } from './agent-worker-options.ts'
import { assertInMemorySandboxOptions } from '../sandbox/in-memory/assert-in-memory-sandbox-options.ts'


// Every option the worker reads, with the kind it takes where one plain kind says it ('' for those
// checked on their own): a key outside it is a typo (`systemMessage` for `systemPrompt`) that would
// otherwise be ignored without a word, and a value of another kind (`eventIntervalMs: '50'`) would
// fail later, in a session or the host, without the option's name, or not at all.
const OPTION_KINDS: Readonly<Record<keyof TAgentWorkerOptions, string>> = {
  providers: '', defaultProvider: '', tools: '', systemPrompt: 'a string', workspace: 'an object', sandbox: 'a function', prepareSandbox: 'a function',
  sandboxFromChoice: 'a function', store: '', permissions: '', permissionMode: '', hooks: '', applyManifest: 'a function or false',
  autoCompactThreshold: 'a number above 0 and at most 1 or false', eventIntervalMs: 'a number', env: 'an object', userSettings: 'an object',
  webFetch: 'an object or false', searchProvider: 'an object', mcpServers: 'an object', userPlugins: 'an object'
}
const WORKSPACE_KEYS = ['root', 'files']

/**
 * Checks the options an app writes by hand, often without types: a missing, misshapen or unknown
 * one is named here, not met later as a TypeError deep in the host or silently ignored. Hooks,
 * permission lists and the permission mode are held to the rules `.robota/settings.json` is.
 *
 * @param where names the entry point in messages: `exposeAgentHost(options)` in a worker.
 * @throws ConfigurationError naming the option and what it takes.
 */
export function assertWorkerOptions(options: TAgentWorkerOptions, where = 'createLocalAgentHost(options)'): void {
  const given = (options ?? {}) as Partial<TAgentWorkerOptions>
  assertKnownKeys(where, given, Object.keys(OPTION_KINDS), { systemMessage: 'the system prompt is `systemPrompt`' })
  const { providers, defaultProvider, tools, workspace } = given
  if (typeof providers !== 'object' || providers === null || Array.isArray(providers)) {
    throw new ConfigurationError(`${where}: providers must map each kind to a function that builds its provider; got ${describeValue(providers)}.`)
  }
  for (const [kind, factory] of Object.entries(providers)) {
    if (typeof factory !== 'function') throw new ConfigurationError(`${where}: providers.${kind} must be a function that builds its provider; got ${describeValue(factory)}.`)
  }
  if (typeof defaultProvider?.model !== 'string' || !Object.hasOwn(providers, defaultProvider.kind)) {
    throw new ConfigurationError(`${where}: defaultProvider must be { kind, model }, the kind one of providers (${Object.keys(providers).join(', ') || 'none'}); got ${JSON.stringify(defaultProvider)}.`)
  }
  assertToolsOption(where, tools)
  assertOptionKinds(where, given, OPTION_KINDS)
  if (workspace) {
    assertKnownKeys(`${where}: workspace`, workspace, WORKSPACE_KEYS)
    // Every session's cwd, with or without the in-memory sandbox the files seed.
    assertOptionKinds(where, workspace, { root: 'a non-empty path' }, 'workspace.')
    // They seed every session's sandbox: a bad one is named now, not at a session's first turn.
    if (!given.sandbox) assertWorkspaceSeed(where, workspace)
  }
  assertPermissionModeOption(where, given.permissionMode)
  assertLikeSettings(where, 'hooks', settingsSchema.shape.hooks, given.hooks)
  if (given.hooks) refuseHooksWithoutMoment(where, given.hooks)
  assertPermissionsOption(where, given.permissions)
}

function assertWorkspaceSeed(where: string, { root, files }: { root?: string; files?: unknown }): void {
  try {
    assertInMemorySandboxOptions({ files, cwd: root }, `${where}: workspace.`)
  } catch (error) {
    throw new ConfigurationError((error as Error).message)
  }
}
