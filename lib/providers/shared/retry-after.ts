/** Reads `retry-after-ms` or `retry-after` (seconds or an HTTP date) as whole seconds. */
export function readRetryAfterSeconds(headers: Headers | undefined): number | undefined {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN)
  if (Number.isFinite(milliseconds)) return Math.ceil(milliseconds / 1000)
  const value = headers?.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/** Removes the caller's key from text a server sent back, in case it echoed it. */
export function scrubApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[redacted]') : text
}
