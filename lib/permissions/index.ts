export { normalizeCommand, splitCommandSegments } from './command-segments.ts'
export { matchPermissionPattern } from './match-permission-pattern.ts'
export { evaluatePermission, parsePermissionLists, resolveParsedPermission, resolvePermission } from './permission-gate.ts'
export {
  getModeDecision,
  isPermissionMode,
  isReadOnlyTool,
  MODE_POLICY,
  PERMISSION_MODES,
  TRUST_TO_MODE,
  UNKNOWN_TOOL_FALLBACK
} from './permission-mode.ts'
export { matchesToolName, parsePermissionPattern, parsePermissionPatterns } from './permission-pattern.ts'
export { getPermissionArgument, suggestPermissionPattern, TOOL_ARGUMENTS } from './tool-arguments.ts'

export type { TCommandSegments } from './command-segments.ts'
export type { TPatternMatch, TPatternPurpose } from './match-permission-pattern.ts'
export type { TParsedPermissionLists } from './permission-gate.ts'
export type { TKnownToolName } from './permission-mode.ts'
export type { TPermissionPattern } from './permission-pattern.ts'
export type {
  IPermissionLists,
  TPermissionContext,
  TPermissionDecision,
  TPermissionEvaluation,
  TPermissionMode,
  TPermissionSource,
  TToolArgs,
  TTrustLevel
} from './permission-types.ts'
export type { TArgumentExtractor, TArgumentKind, TPermissionArgument } from './tool-arguments.ts'
