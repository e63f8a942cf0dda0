import { assertKnownSandboxOptions, describeSandboxValue, invalidSandboxOptions, optionNamesOf } from './assert-known-sandbox-options.ts'
import type { ISandboxRunOptions } from './sandbox-client.ts'

const WHERE = 'run(command, options)'

// Every option a command reads: another key is a typo (`cwdd`, `timeout`) that would run it without.
const OPTION_NAMES = optionNamesOf<ISandboxRunOptions>()(['cwd', 'env', 'stdin', 'timeoutMs', 'signal'])

function isAbortSignal(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as AbortSignal).aborted === 'boolean' && typeof (value as AbortSignal).addEventListener === 'function'
}

function isStringRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((entry) => typeof entry === 'string')
}

/**
 * Checks the command and options of `run` before anything runs: a misspelt option or a value of the
 * wrong type would otherwise run the command somewhere else, without its input or without its limit.
 *
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the option and what it takes.
 */
export function assertRunArguments(command: unknown, options: unknown): asserts options is ISandboxRunOptions {
  if (typeof command !== 'string') throw invalidSandboxOptions(`run(command): command must be a string; got ${describeSandboxValue(command)}.`)
  assertKnownSandboxOptions(WHERE, options, OPTION_NAMES)
  const { cwd, env, stdin, timeoutMs, signal } = options as Record<keyof ISandboxRunOptions, unknown>
  if (cwd !== undefined && typeof cwd !== 'string') throw invalidSandboxOptions(`${WHERE}: cwd must be a path; got ${describeSandboxValue(cwd)}.`)
  if (stdin !== undefined && typeof stdin !== 'string') throw invalidSandboxOptions(`${WHERE}: stdin must be a string; got ${describeSandboxValue(stdin)}.`)
  if (env !== undefined && !isStringRecord(env)) throw invalidSandboxOptions(`${WHERE}: env must map each variable to a string.`)
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs >= 0 && Number.isFinite(timeoutMs))) {
    throw invalidSandboxOptions(`${WHERE}: timeoutMs must be a number of milliseconds, 0 or more; got ${typeof timeoutMs === 'number' ? String(timeoutMs) : describeSandboxValue(timeoutMs)}.`)
  }
  if (signal !== undefined && !isAbortSignal(signal)) throw invalidSandboxOptions(`${WHERE}: signal must be an AbortSignal; got ${describeSandboxValue(signal)}.`)
}
