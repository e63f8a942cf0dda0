/** A failure worded for people: what happened, and the action that fixes it. */
export type TFailureNotice = {
  title: string
  detail: string
  /** The next step; absent when there is nothing the user can do. */
  fix?: string
  /** Whether opening the settings is the fix. */
  opensSettings: boolean
}

const KEY_PATTERN = /\b(401|403)\b|invalid.{0,20}(api[ -]?)?key|authentication|unauthori[sz]ed|api key/i
const RATE_PATTERN = /\b429\b|rate.?limit|too many requests/i
const NETWORK_PATTERN = /failed to fetch|networkerror|load failed|cors|connection error|could not be reached|err_connection/i
const MODEL_PATTERN = /\b404\b|model.{0,40}(not found|does not exist|not available)/i

/**
 * Explains a failed turn from its error code (when the worker kept it) and message: a wrong key,
 * a server the browser may not reach (CORS), a rate limit with its wait, an unknown model.
 */
export function describeFailure(message: string, code?: string): TFailureNotice {
  const detail = message.replace(/^Error: the model provider failed: /, '')
  if (code === 'AUTHENTICATION_ERROR' || (code !== 'RATE_LIMIT_ERROR' && KEY_PATTERN.test(detail))) {
    return {
      title: 'The provider refused the API key.',
      detail,
      fix: 'Open Settings and paste a valid key for this provider (keys stay in this tab unless you tick “remember on this device”).',
      opensSettings: true
    }
  }
  if (code === 'RATE_LIMIT_ERROR' || RATE_PATTERN.test(detail)) {
    const wait = /(?:retry[- ]after|try again in)[^0-9]{0,12}(\d+(?:\.\d+)?)/i.exec(detail)?.[1]
    return {
      title: 'The provider’s rate limit was hit.',
      detail,
      fix: wait ? `Wait ${Math.ceil(Number(wait))} seconds, then send again.` : 'Wait a minute, then send again, or pick a smaller model in Settings.',
      opensSettings: false
    }
  }
  if (code === 'NETWORK_ERROR' || NETWORK_PATTERN.test(detail)) {
    return {
      title: 'The model server could not be reached from this page.',
      detail,
      fix: 'Check the base URL in Settings. A server called from a browser must answer CORS requests from this origin (Access-Control-Allow-Origin); put a proxy in front of one that does not.',
      opensSettings: true
    }
  }
  if (code === 'MODEL_NOT_AVAILABLE' || MODEL_PATTERN.test(detail)) {
    return { title: 'The model is not available.', detail, fix: 'Pick another model in Settings.', opensSettings: true }
  }
  if (code === 'CONFIGURATION_ERROR') return { title: 'The provider is not set up.', detail, fix: 'Open Settings and complete the provider fields.', opensSettings: true }
  if (code === 'STORAGE_ERROR') {
    return {
      title: 'The browser would not store the session.',
      detail,
      fix: 'Allow site data for this page (private windows may block IndexedDB), then reload.',
      opensSettings: false
    }
  }
  return { title: 'The turn failed.', detail, opensSettings: false }
}
