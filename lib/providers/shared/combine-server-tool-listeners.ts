import type { TServerToolUseCallback } from '../../core/server-tool-use.ts'

/** One listener that calls the provider's own, then the call's; `undefined` when there is neither. */
export function combineServerToolListeners(
  providerListener: TServerToolUseCallback | undefined,
  callListener: TServerToolUseCallback | undefined
): TServerToolUseCallback | undefined {
  if (!providerListener || !callListener) return providerListener ?? callListener
  return (use) => {
    providerListener(use)
    callListener(use)
  }
}
