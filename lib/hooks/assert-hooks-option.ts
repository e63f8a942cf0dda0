import { describeError } from '../core/describe-error.ts'
import { describeValue } from '../core/describe-value.ts'
import { ConfigurationError } from '../core/errors.ts'
import { hookMatcherPattern } from './hook-matcher.ts'
import { HOOK_EVENTS_WITHOUT_MOMENT, refuseHooksWithoutMoment } from './hook-events-without-moment.ts'
import { HOOK_EVENTS } from './hook-types.ts'

/**
 * Checks a `hooks` option written in code, when it is given: each key a hook event (a misspelt one
 * would never run, as would one a session has no moment for), each value an array of groups whose
 * `matcher` is a regular expression. Hook types are left to the executors, which an app may add to.
 *
 * @param where names the entry point in the message, e.g. `new InteractiveSession(options)`.
 * @throws ConfigurationError naming the event, the group and what is wrong.
 */
export function assertHooksOption(where: string, hooks: unknown): void {
  if (hooks === undefined) return
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    throw new ConfigurationError(`${where}: hooks must map hook events to arrays of { matcher?, hooks }; got ${describeValue(hooks)}.`)
  }
  for (const [event, groups] of Object.entries(hooks)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      const events = HOOK_EVENTS.filter((known) => !HOOK_EVENTS_WITHOUT_MOMENT.includes(known))
      throw new ConfigurationError(`${where}: hooks has no event "${event}"; the events are ${events.join(', ')}.`)
    }
    if (!Array.isArray(groups)) throw new ConfigurationError(`${where}: hooks.${event} must be an array of { matcher?, hooks }; got ${describeValue(groups)}.`)
    for (const [index, group] of groups.entries()) {
      const matcher: unknown = (group as { matcher?: unknown } | null)?.matcher
      if (matcher !== undefined && typeof matcher !== 'string') {
        throw new ConfigurationError(`${where}: hooks.${event}[${index}].matcher must be a string; got ${describeValue(matcher)}.`)
      }
      try {
        hookMatcherPattern(matcher)
      } catch (error) {
        throw new ConfigurationError(`${where}: hooks.${event}[${index}].matcher "${matcher}" is not a regular expression: ${describeError(error)}`)
      }
    }
  }
  refuseHooksWithoutMoment(where, hooks as Record<string, unknown[]>)
}
