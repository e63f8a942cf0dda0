import { ConfigurationError } from './errors.ts'
import type { IAgentConfig } from './robota.ts'

// Every key `new Robota(config)` reads: another is a typo (`systemPrompt` for `systemMessage`)
// that would otherwise be ignored without a word.
const CONFIG_KEYS = [
  'name', 'aiProviders', 'defaultModel', 'systemMessage', 'tools', 'maxExecutionRounds', 'sessionId', 'history', 'timeout', 'toolExecution', 'contextWindow',
  'firstEventSeq', 'plugins', 'onPluginError', 'eventService', 'throwOnError', 'maxTokens', 'temperature', 'toolChoice', 'stopSequences', 'providerOptions', 'nativeWebTools'
] as const satisfies ReadonlyArray<keyof IAgentConfig>
// Fails to compile when a key is added to IAgentConfig and not to the list above.
const EVERY_KEY_LISTED: Exclude<keyof IAgentConfig, (typeof CONFIG_KEYS)[number]> extends never ? true : never = true
void EVERY_KEY_LISTED

/** @throws ConfigurationError naming each key of `config` that `Robota` does not read. */
export function assertKnownConfigKeys(config: object): void {
  const unknown = Object.keys(config).filter((key) => !(CONFIG_KEYS as readonly string[]).includes(key))
  if (unknown.length === 0) return
  const hint = unknown.includes('systemPrompt') ? ' (the system prompt is `systemMessage`)' : ''
  throw new ConfigurationError(`new Robota(config): unknown option ${unknown.map((key) => `"${key}"`).join(', ')}${hint}; it takes ${CONFIG_KEYS.join(', ')}.`)
}
