import type { TToolCallDecision } from '../../worker/react/session-view-state.ts'

/**
 * How a tool call was allowed or denied, in a few words for its card. A fork's copy of its
 * source's decision (`copiedFrom`) says an allowance for the session was given before the fork:
 * the fork does not hold it, and asks again.
 */
export function describePermissionDecision(decision: TToolCallDecision): string {
  const verb = decision.decision === 'allow' ? 'allowed' : 'denied'
  const pattern = decision.pattern ? ` ${decision.pattern}` : ''
  switch (decision.source) {
    case 'allow_list':
    case 'deny_list':
      return `${verb} by the rule${pattern}`
    case 'session_rule':
      return decision.copiedFrom ? `${verb} by the rule${pattern} approved before the fork: the fork asks again` : `${verb} by the rule${pattern} approved for this session`
    case 'mode':
      return `${verb} by ${decision.mode} mode`
    case 'handler':
      if (decision.decision === 'deny') return 'denied by you'
      if (!decision.pattern) return 'allowed once by you'
      return decision.copiedFrom ? `allowed by you before the fork (${decision.pattern}): the fork asks again` : `allowed by you for this session (${decision.pattern})`
    case 'abort':
      return 'denied: the turn was stopped'
  }
}
