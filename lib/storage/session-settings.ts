import * as z from 'zod'

/** Highest temperature the settings take: the bound OpenAI's and Gemini's APIs share. */
export const MAX_SESSION_TEMPERATURE = 2

/**
 * What a person chose for one session's model calls, stored with its record (never a secret):
 * instructions added to the host's base system prompt, sampling temperature, a reply token cap,
 * and the tools switched off. Each applies from the session's next turn on.
 */
export type TSessionSettings = {
  /** Instructions added after the host's base system prompt (they do not replace it). */
  systemPromptAddition?: string
  /** Sampling temperature, 0 to 2. */
  temperature?: number
  /** Most tokens each reply may have; a positive whole number. */
  maxTokens?: number
  /** Names of tools the model is not offered in this session. */
  disabledTools?: string[]
}

/** The stored shape of `TSessionSettings`, checked on every load and before every commit. */
export const sessionSettingsSchema: z.ZodType<TSessionSettings> = z.strictObject({
  systemPromptAddition: z.string().max(100_000, 'must be at most 100,000 characters').optional(),
  temperature: z
    .number('must be a number')
    .min(0, `must be between 0 and ${MAX_SESSION_TEMPERATURE}`)
    .max(MAX_SESSION_TEMPERATURE, `must be between 0 and ${MAX_SESSION_TEMPERATURE}`)
    .optional(),
  maxTokens: z.int('must be a positive whole number').positive('must be a positive whole number').optional(),
  disabledTools: z.array(z.string().min(1)).optional()
})

/**
 * The settings with empty fields left out (a blank addition, an empty tool list), so what is
 * stored says only what was chosen.
 */
export function normalizeSessionSettings(settings: TSessionSettings): TSessionSettings {
  const addition = settings.systemPromptAddition?.trim()
  const disabled = [...new Set(settings.disabledTools ?? [])].sort()
  return {
    ...(addition ? { systemPromptAddition: addition } : {}),
    ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
    ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
    ...(disabled.length > 0 ? { disabledTools: disabled } : {})
  }
}
