import type { TThrownInWorker } from './agent-worker-connection.ts'
import type { TFetchFile } from './diagnose-worker-load.ts'

/**
 * What a `Worker`'s `error` event says went wrong, in words a developer can act on. An error thrown
 * in the worker carries its message and place; a module worker whose script or one of its imports
 * cannot be loaded gets a bare event with neither, so when the script's URL is known the files are
 * loaded again to name the one that failed, and otherwise the likely causes are named. The code
 * that does so loads only then: a page whose worker starts never needs it.
 */
export async function describeWorkerError(event: Event, scriptUrl?: string, fetchFile?: TFetchFile): Promise<string> {
  const error = event as Partial<ErrorEvent>
  if (error.message) return error.filename ? `${error.message} (${error.filename}:${error.lineno ?? 0})` : error.message
  if (scriptUrl) {
    return import('./diagnose-worker-load.ts')
      .then(({ diagnoseWorkerLoad }) => diagnoseWorkerLoad(scriptUrl, fetchFile))
      .catch(() => `its script ${scriptUrl} or one of its imports could not be loaded`)
  }
  return "its script or one of its imports could not be loaded: a file that is not served (404), a wrong MIME type, or an import that fails (the browser's network panel names it)"
}

// Chromium words an uncaught error "Uncaught ConfigurationError: …", Firefox "ConfigurationError: …".
const THROWN = /^(?:Uncaught )?([A-Z][A-Za-z0-9]*Error): ([\s\S]*)$/

/** The error a `Worker`'s `error` event reports the worker's code threw, when it names one. */
export function thrownInWorker(event: Event): TThrownInWorker | undefined {
  const match = THROWN.exec((event as Partial<ErrorEvent>).message ?? '')
  return match ? { name: match[1]!, message: match[2]! } : undefined
}
