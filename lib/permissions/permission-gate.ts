import { matchPermissionPattern } from './match-permission-pattern.ts'
import { getModeDecision } from './permission-mode.ts'
import { parsePermissionPattern, type TPermissionPattern } from './permission-pattern.ts'
import type {
  IPermissionLists,
  TPermissionContext,
  TPermissionDecision,
  TPermissionEvaluation,
  TPermissionMode,
  TToolArgs
} from './permission-types.ts'

/** Allow and deny lists already parsed, so a malformed pattern fails once, when loaded. */
export type TParsedPermissionLists = {
  allow: readonly TPermissionPattern[]
  deny: readonly TPermissionPattern[]
}

/** Parses both lists; throws a `ConfigurationError` naming the first malformed pattern. */
export function parsePermissionLists(lists: IPermissionLists = {}): TParsedPermissionLists {
  return { allow: (lists.allow ?? []).map(parsePermissionPattern), deny: (lists.deny ?? []).map(parsePermissionPattern) }
}

/**
 * The three-step policy, with what decided: (1) a matching deny pattern denies, in every mode,
 * bypassPermissions included; (2) a matching allow pattern runs the call without asking; (3)
 * otherwise the mode policy decides. A deny pattern that names the tool but cannot be judged
 * against the call (a relative path with no cwd to resolve it) keeps the allow list out and
 * turns an `auto` into `approve`: "cannot tell" is not "no".
 */
export function resolvePermission(
  toolName: string,
  args: TToolArgs,
  mode: TPermissionMode,
  given: TParsedPermissionLists | IPermissionLists,
  context: TPermissionContext = {}
): TPermissionEvaluation {
  // Pattern strings, as `evaluatePermission` takes them, are parsed here (a malformed one named).
  return resolveParsedPermission(toolName, args, mode, isParsed(given) ? given : parsePermissionLists(given), context)
}

/** {@link resolvePermission} over lists parsed once, as a gate holds them: nothing is re-checked per call. */
export function resolveParsedPermission(
  toolName: string,
  args: TToolArgs,
  mode: TPermissionMode,
  lists: TParsedPermissionLists,
  context: TPermissionContext = {}
): TPermissionEvaluation {
  let uncertainDeny: TPermissionPattern | undefined
  for (const pattern of lists.deny) {
    const match = matchPermissionPattern(pattern, toolName, args, 'deny', context)
    if (match === 'match') return { decision: 'deny', source: 'deny_list', pattern: pattern.source, reason: `matches deny pattern ${pattern.source}` }
    if (match === 'uncertain') uncertainDeny ??= pattern
  }
  if (uncertainDeny === undefined) {
    const allowed = lists.allow.find((pattern) => matchPermissionPattern(pattern, toolName, args, 'allow', context) === 'match')
    if (allowed) return { decision: 'auto', source: 'allow_list', pattern: allowed.source }
  }
  const decision = getModeDecision(toolName, mode)
  if (uncertainDeny !== undefined && decision === 'auto') {
    return {
      decision: 'approve',
      source: 'deny_list',
      pattern: uncertainDeny.source,
      reason: `cannot tell whether deny pattern ${uncertainDeny.source} applies`
    }
  }
  return { decision, source: 'mode' }
}

/**
 * Decides one tool call: `'deny'` if a deny pattern matches, `'auto'` if an allow pattern does,
 * else the mode's policy (`MODE_POLICY`, or `UNKNOWN_TOOL_FALLBACK` for a tool it does not know).
 * Throws a `ConfigurationError` for a malformed pattern.
 */
export function evaluatePermission(
  toolName: string,
  args: TToolArgs,
  mode: TPermissionMode,
  lists?: IPermissionLists,
  context?: TPermissionContext
): TPermissionDecision {
  return resolveParsedPermission(toolName, args, mode, parsePermissionLists(lists), context).decision
}

function isParsed(lists: TParsedPermissionLists | IPermissionLists): lists is TParsedPermissionLists {
  const entries: readonly unknown[] = [...(lists.allow ?? []), ...(lists.deny ?? [])]
  return Array.isArray(lists.allow) && Array.isArray(lists.deny) && entries.every((entry) => typeof entry === 'object' && entry !== null)
}
