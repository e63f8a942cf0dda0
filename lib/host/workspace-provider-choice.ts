import type { TSettings } from '../session/config/settings-schema.ts'
import type { TProviderChoice } from './port/host-sessions.ts'

/** The `provider` block of the workspace's merged settings. */
export type TProviderSettings = NonNullable<TSettings['provider']>

/**
 * The provider a workspace's settings ask for, over the session's own choice: `name` is the
 * provider kind, and `model`, `apiKey`, `baseURL` and `maxRetries` replace the choice's. Naming another kind
 * starts from nothing but the idle timeout, so a key or server meant for one provider never
 * reaches another.
 */
export function toWorkspaceProviderChoice(base: TProviderChoice, settings: TProviderSettings): TProviderChoice {
  const kind = settings.name ?? base.kind
  const start: TProviderChoice =
    kind === base.kind ? { ...base } : { kind, model: base.model, ...(base.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: base.idleTimeoutMs }) }
  return {
    ...start,
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries })
  }
}

/** Whether two choices build the same provider. */
export function isSameProviderChoice(left: TProviderChoice, right: TProviderChoice): boolean {
  return (
    left.kind === right.kind &&
    left.model === right.model &&
    left.apiKey === right.apiKey &&
    left.baseURL === right.baseURL &&
    left.idleTimeoutMs === right.idleTimeoutMs &&
    left.maxRetries === right.maxRetries &&
    (left.promptCaching ?? false) === (right.promptCaching ?? false) &&
    left.thinking?.budgetTokens === right.thinking?.budgetTokens &&
    (left.webSearch ?? false) === (right.webSearch ?? false)
  )
}
