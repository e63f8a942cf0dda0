import type { TSessionSettings, TSessionSettingsView } from '../../lib/host/agent-host.ts'

/** Highest temperature the host takes (OpenAI's and Gemini's bound); the host checks it again. */
export const MAX_TEMPERATURE = 2

/** The editor's fields as typed, before they are checked. */
export type TSessionSettingsDraft = {
  systemPromptAddition: string
  temperature: string
  maxTokens: string
  /** Tool name → offered to the model. */
  tools: Record<string, boolean>
}

/** Why a field cannot be applied, by field. */
export type TSessionSettingsErrors = Partial<Record<'temperature' | 'maxTokens', string>>

/** What checking a draft gives: settings to apply, or the errors to show beside the fields. */
export type TDraftCheck = { ok: true; settings: TSessionSettings } | { ok: false; errors: TSessionSettingsErrors }

/** The editor's fields for what the host reports. */
export function toSessionSettingsDraft(view: TSessionSettingsView): TSessionSettingsDraft {
  const { settings } = view
  return {
    systemPromptAddition: settings.systemPromptAddition ?? '',
    temperature: settings.temperature === undefined ? '' : String(settings.temperature),
    maxTokens: settings.maxTokens === undefined ? '' : String(settings.maxTokens),
    tools: Object.fromEntries(view.tools.map((tool) => [tool.name, tool.enabled]))
  }
}

/** Checks a draft: empty number fields mean "the provider's default"; anything else must be in range. */
export function checkSessionSettingsDraft(draft: TSessionSettingsDraft): TDraftCheck {
  const errors: TSessionSettingsErrors = {}
  const temperature = parseTemperature(draft.temperature.trim(), errors)
  const maxTokens = parseMaxTokens(draft.maxTokens.trim(), errors)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const addition = draft.systemPromptAddition.trim()
  const disabledTools = Object.entries(draft.tools)
    .filter(([, enabled]) => !enabled)
    .map(([name]) => name)
    .sort()
  return {
    ok: true,
    settings: {
      ...(addition ? { systemPromptAddition: addition } : {}),
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(disabledTools.length > 0 ? { disabledTools } : {})
    }
  }
}

function parseTemperature(text: string, errors: TSessionSettingsErrors): number | undefined {
  if (text === '') return undefined
  const value = Number(text)
  if (/^-\d*\.?\d+$/.test(text)) {
    errors.temperature = `Temperature must be from 0 to ${MAX_TEMPERATURE}; ${text} is below 0.`
  } else if (!/^\d*\.?\d+$|^\d+\.$/.test(text) || !Number.isFinite(value)) {
    errors.temperature = `Temperature must be a number from 0 to ${MAX_TEMPERATURE}, such as 0.7; “${text}” is not a number.`
  } else if (value > MAX_TEMPERATURE) {
    errors.temperature = `Temperature must be from 0 to ${MAX_TEMPERATURE}; ${text} is above ${MAX_TEMPERATURE}.`
  }
  return errors.temperature ? undefined : value
}

function parseMaxTokens(text: string, errors: TSessionSettingsErrors): number | undefined {
  if (text === '') return undefined
  if (!/^\d+$/.test(text)) {
    errors.maxTokens = `Max tokens must be a positive whole number, such as 1024; “${text}” is not one.`
    return undefined
  }
  const value = Number(text)
  if (value < 1 || !Number.isSafeInteger(value)) errors.maxTokens = `Max tokens must be a positive whole number, such as 1024; ${text} is ${value < 1 ? 'not above 0' : 'too large'}.`
  return errors.maxTokens ? undefined : value
}
