// Socket-level codes Node and undici put on a failed connection (on the error or its cause).
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT'
])

// The provider SDKs' connection errors, known by name so core needs neither SDK.
const CONNECTION_ERROR_NAMES = new Set(['APIConnectionError', 'APIConnectionTimeoutError'])

/**
 * True when an error means the server could not be reached or the connection dropped: a socket
 * error code, an SDK connection error, or fetch's `TypeError` ("fetch failed", "Failed to
 * fetch", "terminated" for a body cut mid-way). A bug's `TypeError` is not one.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, message, code, cause } = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown }
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true
  if (typeof name === 'string' && CONNECTION_ERROR_NAMES.has(name)) return true
  if (name === 'TypeError' && typeof message === 'string' && /fetch|network|terminated|load failed/i.test(message)) return true
  const causeCode = (cause as { code?: unknown } | null | undefined)?.code
  return typeof causeCode === 'string' && NETWORK_ERROR_CODES.has(causeCode)
}
