import { RobotaError } from '../errors.ts'
import type { TPluginHookName } from './abstract-plugin.ts'
import { describeError } from '../describe-error.ts'

/** Where a plugin failed. */
export type TPluginErrorDetails = {
  pluginName: string
  hookName: TPluginHookName
}

/**
 * A plugin hook threw or rejected. The runner reports it and carries on, so one faulty plugin
 * never breaks a run. The original error is the `cause`.
 */
export class PluginError extends RobotaError {
  override readonly name = 'PluginError'
  declare readonly details: TPluginErrorDetails

  constructor(message: string, details: TPluginErrorDetails, options: { cause?: unknown } = {}) {
    super(message, 'PLUGIN_ERROR', 'system', false, { details, cause: options.cause })
  }
}

/** Wraps whatever a hook threw in a `PluginError` that names the plugin and the hook. */
export function toPluginError(cause: unknown, details: TPluginErrorDetails): PluginError {
  const reason = describeError(cause)
  return new PluginError(`Plugin "${details.pluginName}" failed in ${details.hookName}: ${reason}`, details, {
    cause
  })
}

/** @deprecated use `TPluginErrorDetails`; the `I` prefix marks interfaces and the specs' names. */
export type IPluginErrorDetails = TPluginErrorDetails
