import { assertKnownKeys, keysOf } from './assert-known-keys.ts'
import type { IAgentConfig } from './robota.ts'

// Every key `new Robota(config)` reads: another is a typo (`systemPrompt` for `systemMessage`)
// that would otherwise be ignored without a word.
const CONFIG_KEYS = keysOf<IAgentConfig>()([
  'name', 'aiProviders', 'defaultModel', 'systemMessage', 'tools', 'maxExecutionRounds', 'sessionId', 'history', 'timeout', 'toolExecution', 'contextWindow',
  'firstEventSeq', 'plugins', 'onPluginError', 'eventService', 'throwOnError', 'maxTokens', 'temperature', 'toolChoice', 'stopSequences', 'providerOptions', 'nativeWebTools'
])

/** @throws ConfigurationError naming each key of `config` that `Robota` does not read. */
export function assertKnownConfigKeys(config: object): void {
  assertKnownKeys('new Robota(config)', config, CONFIG_KEYS, { systemPrompt: 'the system prompt is `systemMessage`' })
}
