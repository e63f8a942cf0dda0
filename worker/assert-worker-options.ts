import type * as z from 'zod'
import { assertKnownKeys, keysOf } from '../lib/core/assert-known-keys.ts'
import { assertToolsOption } from '../lib/core/assert-tools-option.ts'
import { refuseHooksWithoutMoment } from '../lib/hooks/hook-events-without-moment.ts'
import { ConfigurationError } from '../lib/core/errors.ts'
import { describeValue } from '../lib/core/describe-value.ts'
import { assertPermissionModeOption } from '../lib/permissions/assert-permission-mode-option.ts'
import { settingsSchema } from '../lib/session/config/settings-schema.ts'
import { formatIssuePath } from '../lib/storage/session-record-schema.ts'
import type { TAgentWorkerOptions } from './agent-worker-options.ts'
import { assertInMemorySandboxOptions } from '../sandbox/in-memory/assert-in-memory-sandbox-options.ts'


// Every option the worker reads: a key outside it is a typo (`systemMessage` for `systemPrompt`)
// that would otherwise be ignored without a word.
const OPTION_NAMES = keysOf<TAgentWorkerOptions>()([
  'providers', 'defaultProvider', 'tools', 'systemPrompt', 'workspace', 'sandbox', 'prepareSandbox', 'sandboxFromChoice', 'store', 'permissions',
  'permissionMode', 'hooks', 'applyManifest', 'autoCompactThreshold', 'eventIntervalMs', 'env', 'userSettings', 'webFetch', 'searchProvider', 'mcpServers', 'userPlugins'
])
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
  assertKnownKeys(where, given, OPTION_NAMES, { systemMessage: 'the system prompt is `systemPrompt`' })
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
  if (workspace !== undefined) {
    const stray = typeof workspace === 'object' && workspace !== null ? Object.keys(workspace).filter((key) => !WORKSPACE_KEYS.includes(key)) : []
    if (typeof workspace !== 'object' || workspace === null || stray.length > 0) {
      throw new ConfigurationError(`${where}: workspace must be { root?, files? }; got ${stray.length > 0 ? `the key "${stray[0]}"` : describeValue(workspace)}.`)
    }
    // They seed every session's sandbox: a bad one is named now, not at a session's first turn.
    if (!given.sandbox) assertWorkspaceSeed(where, workspace)
  }
  assertPermissionModeOption(where, given.permissionMode)
  assertLikeSettings(where, 'hooks', settingsSchema.shape.hooks, given.hooks)
  if (given.hooks) refuseHooksWithoutMoment(where, given.hooks)
  // Strict here: a settings file may carry keys of other tools, code that names a key means it.
  assertLikeSettings(where, 'permissions', settingsSchema.shape.permissions.unwrap().strict(), given.permissions)
}

function assertWorkspaceSeed(where: string, { root, files }: { root?: string; files?: unknown }): void {
  try {
    assertInMemorySandboxOptions({ ...(files === undefined ? {} : { files }), ...(root === undefined ? {} : { cwd: root }) }, `${where}: workspace.`)
  } catch (error) {
    throw new ConfigurationError((error as Error).message)
  }
}

function assertLikeSettings(where: string, option: string, schema: z.ZodType, value: unknown): void {
  if (value === undefined) return
  const result = schema.safeParse(value)
  if (result.success) return
  const problems = result.error.issues.map((issue) => `${formatIssuePath([option, ...issue.path])}: ${issue.message}`)
  throw new ConfigurationError(`${where}: ${problems.join('; ')} (as in .robota/settings.json).`)
}
