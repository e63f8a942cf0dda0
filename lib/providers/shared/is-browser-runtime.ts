/**
 * True in a browser page or a web worker, where the SDK refuses to run unless told that the
 * caller brought their own key on purpose (`dangerouslyAllowBrowser`).
 */
export function isBrowserRuntime(): boolean {
  const scope = globalThis as { window?: { document?: unknown }; WorkerGlobalScope?: unknown }
  if (typeof scope.window !== 'undefined' && typeof scope.window.document !== 'undefined') return true
  return typeof scope.WorkerGlobalScope === 'function'
}
