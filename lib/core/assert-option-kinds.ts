import { describeValue, showValue } from './describe-value.ts'
import { ConfigurationError } from './errors.ts'

/**
 * What each option takes, by name, as the message says it: `a string`, `a number`, `a boolean`,
 * `a function`, `an object` (neither null nor an array), `an array`, `a non-empty path`,
 * `a number above 0 and at most 1` or `false`, alternatives joined by ` or ` (`a function or
 * false`); `''` for an option checked on its own.
 */
export type TOptionKinds = Readonly<Record<string, string>>

// The kinds a value's `typeof` does not tell apart.
const CHECKS: Readonly<Record<string, (value: unknown) => boolean>> = {
  false: (value) => value === false,
  // NaN is a number to `typeof`, yet a timeout or a turn limit of NaN is no limit anyone meant.
  'a number': (value) => typeof value === 'number' && !Number.isNaN(value),
  'a non-empty path': (value) => typeof value === 'string' && value !== '',
  'a number above 0 and at most 1': (value) => typeof value === 'number' && value > 0 && value <= 1
}

/**
 * Refuses an option given with a value of another kind than `kinds` says it takes, for callers
 * without types: `maxTurns: '5'` would otherwise fail later, deep inside, without the option's
 * name. A string prints in quotes (`"5"`), so it does not read as the number it resembles.
 *
 * @param where names the entry point in the message, e.g. `new InteractiveSession(options)`.
 * @param prefix goes before each option's name, for options nested in another (`workspace.`).
 * @throws ConfigurationError `<where>: <prefix><key> must be <kind>; got <value>.`
 */
export function assertOptionKinds(where: string, options: object, kinds: TOptionKinds, prefix = ''): void {
  for (const [key, kind] of Object.entries(kinds)) {
    const value: unknown = (options as Record<string, unknown>)[key]
    const given = describeValue(value)
    if (value === undefined || !kind || kind.split(' or ').some((one) => CHECKS[one]?.(value) ?? one.endsWith(given))) continue
    throw new ConfigurationError(`${where}: ${prefix}${key} must be ${kind}; got ${typeof value === 'object' ? given : showValue(value)}.`)
  }
}
