/**
 * Permission modes, from most to least restrictive: `plan` (read-only), `default` (writes and
 * shell commands need approval), `acceptEdits` (file edits run, shell commands need approval),
 * `bypassPermissions` (everything runs; deny patterns still win).
 */
export type TPermissionMode = 'plan' | 'default' | 'acceptEdits' | 'bypassPermissions'

/** Friendly aliases for the modes: `safe` → plan, `moderate` → default, `full` → acceptEdits. */
export type TTrustLevel = 'safe' | 'moderate' | 'full'

/** What a permission check concludes: run without asking, ask the user, or refuse. */
export type TPermissionDecision = 'auto' | 'approve' | 'deny'

/** A tool call's arguments, as the model sent them. */
export type TToolArgs = Record<string, unknown>

/** Allow and deny patterns such as `Bash(npm test)`, `Read(src/**)` or a bare `WebSearch`. */
export type IPermissionLists = {
  allow?: readonly string[]
  deny?: readonly string[]
}

/** What decided a permission evaluation. */
export type TPermissionSource = 'deny_list' | 'allow_list' | 'mode'

/** A decision with what made it, for replay events and messages to the model. */
export type TPermissionEvaluation = {
  decision: TPermissionDecision
  source: TPermissionSource
  /** The pattern that decided, when a list did. */
  pattern?: string
  /** Why, in words, when the decision is not the plain mode policy. */
  reason?: string
}

/** Context a permission check may need beyond the call itself. */
export type TPermissionContext = {
  /** The workspace directory relative paths (in arguments and in patterns) resolve against. */
  cwd?: string
}
