import type { BashOptions, SecurityViolationType } from 'just-bash'

/**
 * just-bash's defense-in-depth setting: `true` for all of it, `false` for none, or what to enable,
 * exclude (`excludeViolationTypes`), only report (`auditMode`) and whom to tell (`onViolation`).
 */
export type TInMemoryDefenseInDepth = NonNullable<BashOptions['defenseInDepth']>

/**
 * What the host's own instrumentation touches from inside a command: an async hook runs in the
 * context of the command that created the resource, so just-bash blocks it like the command's own
 * code, and an exception thrown in an async hook ends the Node process. React's development
 * builds (as `next dev` runs them) keep a `WeakRef` to each resource and its `performance.now()`
 * start, and parse stacks with `Error.prepareStackTrace`; tracers and profilers read
 * `process.hrtime`, `process.memoryUsage` and `process.cpuUsage`. None of these runs code or
 * reads a secret: the host's environment, `Function`, `eval`, module loading and the rest stay blocked.
 */
export const HOST_INSTRUMENTATION_VIOLATION_TYPES = [
  'performance_timing',
  'process_timing',
  'weak_ref',
  'error_prepare_stack_trace'
] as const satisfies readonly SecurityViolationType[]

/** What every shell of a client gets unless its options say otherwise: all of just-bash's protection but what host instrumentation needs. */
export const DEFAULT_DEFENSE_IN_DEPTH: TInMemoryDefenseInDepth = { excludeViolationTypes: [...HOST_INSTRUMENTATION_VIOLATION_TYPES] }
