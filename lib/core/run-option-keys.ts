import { assertKnownKeys, keysOf } from './assert-known-keys.ts'
import type { IRunOptions } from './robota.ts'

// Every key `run(input, options)` reads: another is a typo (`onDelta` for `onTextDelta`) that
// would otherwise be ignored without a word.
const RUN_OPTION_KEYS = keysOf<IRunOptions>()([
  'signal', 'onTextDelta', 'onExecutionEvent', 'maxExecutionRounds', 'toolExecution', 'throwOnError', 'output',
  'maxTokens', 'temperature', 'toolChoice', 'stopSequences', 'providerOptions', 'nativeWebTools'
])

/** @throws ConfigurationError naming each key of `options` that `run` does not read. */
export function assertKnownRunOptions(options: object): void {
  assertKnownKeys('run(input, options)', options, RUN_OPTION_KEYS, {
    onDelta: 'the text streams to `onTextDelta`',
    onEvent: 'events go to `onExecutionEvent`',
    abortSignal: 'the abort signal is `signal`'
  })
}
