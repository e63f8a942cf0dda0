import { ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { getProviderCapabilities } from '../core/provider-capabilities.ts'
import { DEFAULT_BASE_PROMPT } from '../session/context/build-system-prompt.ts'
import type { THostedSessionOptions } from './hosted-session.ts'
import { describeSchemaIssues, toSchemaIssues } from '../storage/session-record-schema.ts'
import { normalizeSessionSettings, sessionSettingsSchema, type TSessionSettings } from '../storage/session-settings.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { HostLiveSessions } from './host-live-sessions.ts'
import type { HostRunningTurns } from './host-running-turns.ts'
import type { TSessionSettingsView, TSessionToolToggle } from './port/host-session-settings.ts'

/** What a host's per-session settings work through. */
export type THostSessionSettingsPorts = {
  store: ISessionStore
  live: HostLiveSessions
  turns: HostRunningTurns
  /** The host's own base instructions (`systemMessage`), when it has any. */
  systemMessage: string | undefined
  /** @throws when there is no such session. */
  loadRecord: (sessionId: string) => Promise<TSessionRecord>
  /** The provider the session's next turn talks to. */
  providerFor: (record: TSessionRecord) => Promise<IAIProvider>
}

/**
 * The session options its stored settings stand for: the addition after the base instructions,
 * temperature and reply cap as chat settings, the switched-off tools left out.
 */
export function toSessionSettingsOptions(settings: TSessionSettings | undefined, systemMessage: string | undefined): Partial<THostedSessionOptions> {
  if (!settings) return systemMessage ? { systemMessage } : {}
  const { systemPromptAddition, temperature, maxTokens, disabledTools } = settings
  const base = systemMessage?.trim() || DEFAULT_BASE_PROMPT
  const chatSettings = { ...(temperature === undefined ? {} : { temperature }), ...(maxTokens === undefined ? {} : { maxTokens }) }
  return {
    ...(systemPromptAddition ? { systemMessage: `${base}\n\n# Session instructions\n${systemPromptAddition}` } : systemMessage ? { systemMessage } : {}),
    ...(Object.keys(chatSettings).length > 0 ? { chatSettings } : {}),
    ...(disabledTools && disabledTools.length > 0 ? { disabledTools } : {})
  }
}

/**
 * Each session's own settings, stored in its record: read with what they apply to, and replaced
 * (validated, on an idle session) by assembling the session again, so its next turn follows them.
 */
export class HostSessionSettings {
  constructor(private readonly ports: THostSessionSettingsPorts) {}

  async get(sessionId: string): Promise<TSessionSettingsView> {
    return this.view(await this.ports.loadRecord(sessionId))
  }

  async set(sessionId: string, wanted: TSessionSettings): Promise<TSessionSettingsView> {
    const { ports } = this
    const parsed = sessionSettingsSchema.safeParse(wanted)
    if (!parsed.success) throw new ValidationError(`Session settings: ${describeSchemaIssues(toSchemaIssues(parsed.error))}.`, { details: { issues: toSchemaIssues(parsed.error) } })
    const settings = normalizeSessionSettings(parsed.data)
    const loaded = await ports.loadRecord(sessionId)
    ports.turns.assertIdle(sessionId)
    const before = await this.view(loaded)
    const known = new Set(before.tools.map((tool) => tool.name))
    const unknown = (settings.disabledTools ?? []).filter((name) => !known.has(name))
    if (unknown.length > 0) throw new ValidationError(`Session settings: this session has no tool named ${unknown.map((name) => `"${name}"`).join(', ')}.`, { details: { unknown } })
    for (const field of ['temperature', 'maxTokens'] as const) {
      const reason = before.unsupported[field]
      if (settings[field] !== undefined && reason) throw new ValidationError(`Session settings: ${field} cannot be used with this provider. ${reason}`, { details: { field } })
    }
    const record: TSessionRecord = { ...loaded, settings, updatedAt: Date.now() }
    if (Object.keys(settings).length === 0) delete record.settings
    await ports.store.commit(record, [])
    await ports.live.rebuild(record)
    return this.view(record)
  }

  private async view(record: TSessionRecord): Promise<TSessionSettingsView> {
    const { ports } = this
    const settings = record.settings ?? {}
    const hosted = await ports.live.open(record)
    const disabled = new Set(settings.disabledTools ?? [])
    const names = new Set([...hosted.session.getTools().map((tool) => tool.schema.name), ...disabled])
    const tools: TSessionToolToggle[] = [...names].sort().map((name) => ({ name, enabled: !disabled.has(name) }))
    const capabilities = getProviderCapabilities(await ports.providerFor(record))
    return {
      settings,
      basePrompt: ports.systemMessage?.trim() || DEFAULT_BASE_PROMPT,
      tools,
      unsupported: { ...capabilities.unsupportedChatSettings }
    }
  }
}
