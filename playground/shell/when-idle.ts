/**
 * Runs `task` once the page has nothing else to do, or after `timeoutMs` at the latest (where the
 * browser has no `requestIdleCallback`, after half of it). Returns what cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(task, timeoutMs / 2)
  return () => clearTimeout(timer)
}
