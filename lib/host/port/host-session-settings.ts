import type { TSessionSettings } from '../../storage/session-settings.ts'

export type { TSessionSettings } from '../../storage/session-settings.ts'

/** One tool a session can offer the model, and whether this session offers it. */
export type TSessionToolToggle = { name: string; enabled: boolean }

/** A session's own settings with what an editor needs to show them truthfully. */
export type TSessionSettingsView = {
  settings: TSessionSettings
  /** The base instructions the addition follows (the app's, or Robota's default). */
  basePrompt: string
  /** Every tool the session can offer, with the ones switched off marked. */
  tools: TSessionToolToggle[]
  /** Settings the session's provider cannot send, each with the reason to show beside it. */
  unsupported: Partial<Record<'temperature' | 'maxTokens', string>>
}

/**
 * A session's own model settings: a system prompt addition, temperature, reply token cap and tool
 * switches, kept in its stored record (and its export) and applied from its next turn on.
 */
export interface IHostSessionSettings {
  /** The session's settings and what they apply to. */
  getSessionSettings(sessionId: string): Promise<TSessionSettingsView>
  /**
   * Replaces the session's settings; rejects with `ValidationError` naming the field when one is
   * out of range, names an unknown tool, or asks for what the provider cannot send.
   */
  setSessionSettings(sessionId: string, settings: TSessionSettings): Promise<TSessionSettingsView>
}
