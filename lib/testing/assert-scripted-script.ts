import { assertKnownKeys, keysOf } from '../core/assert-known-keys.ts'
import { describeValue } from '../core/describe-value.ts'
import { ConfigurationError } from '../core/errors.ts'
import type { TScriptedProviderOptions, TScriptedStep } from './scripted-provider.ts'

const WHERE = 'new ScriptedProvider(steps)'
const STEP_KEYS = keysOf<TScriptedStep>()(['text', 'toolCalls', 'metadata', 'error'])
const OPTION_KEYS = keysOf<TScriptedProviderOptions>()(['name', 'deltaDelayMs', 'recordCalls'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks a script as the provider is made: a list of steps, each a function or a step whose keys
 * and values are ones it plays. A typo (`txt`) would otherwise answer `""` without a word.
 *
 * @throws ConfigurationError `new ScriptedProvider(steps): steps[<index>]…` naming the key and what it got.
 */
export function assertScriptedSteps(steps: unknown): void {
  if (!Array.isArray(steps)) throw new ConfigurationError(`${WHERE}: steps must be an array of steps; got ${describeValue(steps)}.`)
  steps.forEach((step, index) => {
    if (typeof step !== 'function') assertScriptedStep(step, `${WHERE}: steps[${index}]`)
  })
}

/**
 * Checks one step; `where` names it, such as `new ScriptedProvider(steps): steps[2]`.
 * @throws ConfigurationError naming the key and what it got.
 */
export function assertScriptedStep(step: unknown, where: string): asserts step is TScriptedStep {
  if (!isRecord(step)) {
    throw new ConfigurationError(`${where} must be a step ({ text?, toolCalls?, metadata?, error? }) or a function returning one; got ${describeValue(step)}.`)
  }
  const unknown = Object.keys(step).filter((key) => !(STEP_KEYS as readonly string[]).includes(key))
  if (unknown.length > 0) throw new ConfigurationError(`${where} has the unknown key ${unknown.map((key) => `"${key}"`).join(', ')}; a step takes ${STEP_KEYS.join(', ')}.`)
  const { text, toolCalls, metadata, error } = step
  if (text !== undefined && typeof text !== 'string' && !(Array.isArray(text) && text.every((piece) => typeof piece === 'string'))) {
    throw new ConfigurationError(`${where}.text must be a string or an array of strings; got ${describeValue(text)}.`)
  }
  if (toolCalls !== undefined && !(Array.isArray(toolCalls) && toolCalls.every(isRecord))) {
    throw new ConfigurationError(`${where}.toolCalls must be an array of { id?, name, arguments }; got ${describeValue(toolCalls)}.`)
  }
  if (metadata !== undefined && !isRecord(metadata)) throw new ConfigurationError(`${where}.metadata must be an object; got ${describeValue(metadata)}.`)
  if (error !== undefined && !(error instanceof Error)) throw new ConfigurationError(`${where}.error must be an Error to throw; got ${describeValue(error)}.`)
}

/**
 * Checks the provider's options: a misspelt `nmae` would otherwise leave it named `scripted`.
 * @throws ConfigurationError `new ScriptedProvider(steps, options): …` naming the option.
 */
export function assertScriptedOptions(options: unknown): void {
  const where = 'new ScriptedProvider(steps, options)'
  if (!isRecord(options)) throw new ConfigurationError(`${where}: options must be an object; got ${describeValue(options)}.`)
  assertKnownKeys(where, options, OPTION_KEYS)
  const { name, deltaDelayMs, recordCalls } = options
  if (name !== undefined && typeof name !== 'string') throw new ConfigurationError(`${where}: name must be a string; got ${describeValue(name)}.`)
  if (deltaDelayMs !== undefined && !(typeof deltaDelayMs === 'number' && deltaDelayMs >= 0)) {
    throw new ConfigurationError(`${where}: deltaDelayMs must be a number of 0 or more; got ${typeof deltaDelayMs === 'number' ? deltaDelayMs : describeValue(deltaDelayMs)}.`)
  }
  if (recordCalls !== undefined && typeof recordCalls !== 'boolean') throw new ConfigurationError(`${where}: recordCalls must be a boolean; got ${describeValue(recordCalls)}.`)
}
