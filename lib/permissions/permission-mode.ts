import type { TPermissionDecision, TPermissionMode, TTrustLevel } from './permission-types.ts'

/** Tool names the mode policy knows; any other tool gets `UNKNOWN_TOOL_FALLBACK`. */
export type TKnownToolName = 'Bash' | 'Read' | 'Write' | 'Edit' | 'Glob' | 'Grep' | 'WebFetch' | 'WebSearch'

/** Every permission mode, most restrictive first. */
export const PERMISSION_MODES: readonly TPermissionMode[] = ['plan', 'default', 'acceptEdits', 'bypassPermissions']

/** True when `value` names a permission mode. */
export function isPermissionMode(value: unknown): value is TPermissionMode {
  return typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value)
}

type TReadOnlyToolName = 'Read' | 'Glob' | 'Grep' | 'WebFetch' | 'WebSearch'

const READ_ONLY: Record<TReadOnlyToolName, 'auto'> = {
  Read: 'auto',
  Glob: 'auto',
  Grep: 'auto',
  WebFetch: 'auto',
  WebSearch: 'auto'
}

/** True for the built-in tools that only read: they never change the workspace. */
export function isReadOnlyTool(toolName: string): toolName is TReadOnlyToolName {
  return Object.hasOwn(READ_ONLY, toolName)
}

/** The decision each mode gives each known tool when no allow or deny pattern applies. */
export const MODE_POLICY: Readonly<Record<TPermissionMode, Readonly<Record<TKnownToolName, TPermissionDecision>>>> = {
  plan: { ...READ_ONLY, Bash: 'deny', Write: 'deny', Edit: 'deny' },
  default: { ...READ_ONLY, Bash: 'approve', Write: 'approve', Edit: 'approve' },
  acceptEdits: { ...READ_ONLY, Bash: 'approve', Write: 'auto', Edit: 'auto' },
  bypassPermissions: { ...READ_ONLY, Bash: 'auto', Write: 'auto', Edit: 'auto' }
}

/** The decision for a tool the policy does not know: it may do anything, so it is treated like Bash. */
export const UNKNOWN_TOOL_FALLBACK: Readonly<Record<TPermissionMode, TPermissionDecision>> = {
  plan: 'deny',
  default: 'approve',
  acceptEdits: 'approve',
  bypassPermissions: 'auto'
}

/** The mode each trust level stands for. */
export const TRUST_TO_MODE: Readonly<Record<TTrustLevel, TPermissionMode>> = {
  safe: 'plan',
  moderate: 'default',
  full: 'acceptEdits'
}

/** The mode policy's decision for one tool. */
export function getModeDecision(toolName: string, mode: TPermissionMode): TPermissionDecision {
  const policy: Readonly<Record<string, TPermissionDecision>> = MODE_POLICY[mode]
  return Object.hasOwn(policy, toolName) ? (policy[toolName] as TPermissionDecision) : UNKNOWN_TOOL_FALLBACK[mode]
}
