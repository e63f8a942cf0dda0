import { keysOf } from '../core/assert-known-keys.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { TQueryFactoryOptions } from './query.ts'

/** Every option `new InteractiveSession(options)` reads. */
export const INTERACTIVE_SESSION_OPTION_KEYS = keysOf<TInteractiveSessionOptions>()([
  'provider', 'sandbox', 'store', 'cwd', 'permissionMode', 'permissionHandler', 'resumeSessionId', 'forkSession', 'model', 'systemMessage', 'hooks',
  'permissions', 'hookExecutors', 'name', 'userSettings', 'env', 'userPlugins', 'tools', 'disabledTools', 'chatSettings', 'mcpServers', 'webFetch',
  'searchProvider', 'timeout', 'autoCompactThreshold', 'contextWindow', 'maxTurns', 'onReplayEvent', 'session'
])

/** Every option `createQuery(options)` reads: a session's, less resuming, forking and a built session. */
export const QUERY_FACTORY_OPTION_KEYS = keysOf<TQueryFactoryOptions>()([
  'provider', 'sandbox', 'store', 'cwd', 'permissionMode', 'permissionHandler', 'model', 'systemMessage', 'hooks', 'permissions', 'hookExecutors',
  'name', 'userSettings', 'env', 'userPlugins', 'tools', 'disabledTools', 'chatSettings', 'mcpServers', 'webFetch', 'searchProvider', 'timeout',
  'autoCompactThreshold', 'contextWindow', 'maxTurns', 'onReplayEvent'
])
