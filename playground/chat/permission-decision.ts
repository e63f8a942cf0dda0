import type { TPermissionDecision } from '../../worker/react/session-view-state.ts'

/** How a tool call was allowed or denied, in a few words for its card. */
export function describePermissionDecision(decision: TPermissionDecision): string {
  const verb = decision.decision === 'allow' ? 'allowed' : 'denied'
  const pattern = decision.pattern ? ` ${decision.pattern}` : ''
  switch (decision.source) {
    case 'allow_list':
    case 'deny_list':
      return `${verb} by the rule${pattern}`
    case 'session_rule':
      return `${verb} by the rule${pattern} approved for this session`
    case 'mode':
      return `${verb} by ${decision.mode} mode`
    case 'handler':
      if (decision.decision === 'deny') return 'denied by you'
      return decision.pattern ? `allowed by you for this session (${decision.pattern})` : 'allowed once by you'
    case 'abort':
      return 'denied: the turn was stopped'
  }
}
