import type { TPluginHookName } from './abstract-plugin.ts'

/** Where a plugin failed. */
export type IPluginErrorDetails = {
  pluginName: string
  hookName: TPluginHookName
}

/**
 * A plugin hook threw or rejected. The runner reports it and carries on, so one faulty plugin
 * never breaks a run. The original error is the `cause`.
 *
 * It carries the same `code`, `category` and `recoverable` fields as `RobotaError`, so
 * `isRobotaError` accepts it; it extends `Error` directly only because `TRobotaErrorCode` has no
 * `PLUGIN_ERROR` yet.
 */
export class PluginError extends Error {
  override readonly name = 'PluginError'
  readonly code = 'PLUGIN_ERROR' as const
  readonly category = 'system' as const
  readonly recoverable = false
  readonly details: IPluginErrorDetails

  constructor(message: string, details: IPluginErrorDetails, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.details = details
  }
}

/** Wraps whatever a hook threw in a `PluginError` that names the plugin and the hook. */
export function toPluginError(cause: unknown, details: IPluginErrorDetails): PluginError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new PluginError(`Plugin "${details.pluginName}" failed in ${details.hookName}: ${reason}`, details, {
    cause
  })
}
