import type { TEnvironmentRecord } from '../../lib/core/env-reference.ts'

/**
 * A variable's value, or `undefined` when it is unset, empty or only whitespace: `VAR=` in a
 * shell or a CI file means "no value", so it never hides the next place a value may come from.
 */
export function readEnvironmentVariable(env: TEnvironmentRecord, name: string): string | undefined {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value
}
