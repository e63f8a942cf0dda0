/** A failure worded for people: what happened, and the action that fixes it. */
export type TFailureNotice = {
  title: string
  detail: string
  /** The next step; absent when there is nothing the user can do. */
  fix?: string
  /** Whether opening the settings is the fix. */
  opensSettings: boolean
  /** What the model had streamed before the failure, kept with the notice. */
  partial?: string
}

const FAILURE_MARKER = 'Error: the model provider failed: '

// The providers refuse to start without a key (`ConfigurationError`, CONFIGURATION_ERROR), in
// words for developers: "OpenAIProvider needs an apiKey (or a client). Create a key at <url>."
const MISSING_KEY_PATTERN = /\b(\w+?)Provider needs an apiKey\b/
const KEY_PAGE_PATTERN = /Create a key at (https:\/\/\S+?)\.?$/
const KEY_PATTERN = /\b(401|403)\b|invalid.{0,20}(api[ -]?)?key|authentication|unauthori[sz]ed|api key/i
const RATE_PATTERN = /\b429\b|rate.?limit|too many requests/i
const NETWORK_PATTERN = /failed to fetch|networkerror|load failed|cors|connection error|could not be reached|could not reach|err_connection/i
const MODEL_PATTERN = /\b404\b|model.{0,40}(not found|does not exist|not available)/i
const OVERLOADED_PATTERN = /overloaded|\b529\b/i
const STALLED_PATTERN = /sent nothing for (\d+) ms/i
const CUT_OFF_PATTERN = /(dropped|ended) before the reply was complete/i
const UNREADABLE_PATTERN = /stream event that is not valid JSON|malformed (stream|event)/i
const SERVER_ERROR_PATTERN = /server error|\bHTTP 5\d\d\b/i

/**
 * Explains a failed turn from its error code (when the worker kept it) and message: a missing key
 * (a reload forgets keys not remembered on the device), a wrong key, a rate limit with its wait,
 * an overloaded or failing provider, a stream that stalled, was cut off or could not be read, a
 * server the browser may not reach (CORS), an unknown model.
 */
export function describeFailure(message: string, code?: string): TFailureNotice {
  // A reply cut short is committed as its partial text, then the failure after the marker.
  const marker = message.lastIndexOf(FAILURE_MARKER)
  const partial = marker < 0 ? '' : message.slice(0, marker).trim()
  const notice = classifyFailure(marker < 0 ? message : message.slice(marker + FAILURE_MARKER.length), code)
  return partial ? { ...notice, partial } : notice
}

/**
 * A missing key in words for people, when `message` is a provider refusing to start without one
 * (a turn, or a model switch with `/model`); `undefined` for any other message.
 */
export function describeMissingKeyFailure(message: string): TFailureNotice | undefined {
  const provider = MISSING_KEY_PATTERN.exec(message)?.[1]
  return provider === undefined ? undefined : describeMissingKey(provider, KEY_PAGE_PATTERN.exec(message)?.[1])
}

function classifyFailure(detail: string, code: string | undefined): TFailureNotice {
  const missingKey = code === undefined || code === 'CONFIGURATION_ERROR' ? describeMissingKeyFailure(detail) : undefined
  if (missingKey) return missingKey
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
    const seconds = Math.ceil(Number(wait))
    return {
      title: 'The provider’s rate limit was hit.',
      detail,
      fix: wait ? `Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, then send again.` : 'Wait a minute, then send again, or pick a smaller model in Settings.',
      opensSettings: false
    }
  }
  if (OVERLOADED_PATTERN.test(detail)) {
    return {
      title: 'The provider is overloaded.',
      detail,
      fix: 'Wait a moment, then send again, or pick a less busy model in Settings.',
      opensSettings: true
    }
  }
  const stalledMs = STALLED_PATTERN.exec(detail)?.[1]
  if (stalledMs !== undefined) {
    return {
      title: `The model server stopped answering for ${Math.round(Number(stalledMs) / 1000)} s.`,
      detail,
      fix: 'Send again. If it keeps stalling, check the base URL in Settings: a proxy in between may be holding the stream.',
      opensSettings: true
    }
  }
  if (CUT_OFF_PATTERN.test(detail)) {
    return {
      title: 'The reply was cut off: the connection dropped mid-answer.',
      detail,
      fix: 'Send again; what arrived before the cut is kept above.',
      opensSettings: false
    }
  }
  if (UNREADABLE_PATTERN.test(detail)) {
    return {
      title: 'The model server sent a reply that could not be read.',
      detail,
      fix: 'Send again. If it happens every time, check that the base URL in Settings points at the provider’s API itself, not at a page or a proxy that rewrites the stream.',
      opensSettings: true
    }
  }
  if (SERVER_ERROR_PATTERN.test(detail)) {
    return {
      title: 'The provider had a server error.',
      detail,
      fix: 'Send again in a moment; if it keeps failing, the provider’s status page says whether it is down.',
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

// The provider's own message names its class and the SDK's option; the person needs the key.
function describeMissingKey(provider: string, keyPage: string | undefined): TFailureNotice {
  return {
    title: `The API key for ${provider} is missing.`,
    detail: `Keys are kept in this tab’s memory only, so a reload forgets them, unless “Remember keys on this device” is ticked in Settings.${keyPage ? ` A key can be created at ${keyPage}.` : ''}`,
    fix: `Open Settings and enter the API key for ${provider} again.`,
    opensSettings: true
  }
}
