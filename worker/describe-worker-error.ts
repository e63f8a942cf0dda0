/**
 * What a `Worker`'s `error` event says went wrong, in words a developer can act on. An error thrown
 * in the worker carries its message and place; a module worker whose script or one of its imports
 * cannot be loaded gets a bare event with neither, so the likely causes are named instead.
 */
export function describeWorkerError(event: Event): string {
  const error = event as Partial<ErrorEvent>
  if (error.message) return error.filename ? `${error.message} (${error.filename}:${error.lineno ?? 0})` : error.message
  return "its script or one of its imports could not be loaded: a file that is not served (404), a wrong MIME type, or an import that fails (the browser's network panel names it)"
}
