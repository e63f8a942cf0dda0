import { REDACTED } from '../../core/redacted.ts'

/** Removes the caller's key from text a server sent back, in case it echoed it. */
export function scrubApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join(REDACTED) : text
}

/**
 * Removes the caller's key from everything a vendor SDK's error holds (its message and stack, the
 * response body it parsed, the errors it wraps), in place: the error travels on as the `cause` of
 * the Robota error the provider throws, and whoever logs that logs the cause too. The SDK made the
 * error for this one call, so nothing else holds it.
 */
export function scrubApiKeyFromError(error: unknown, apiKey: string | undefined): void {
  if (apiKey) scrubValue(error, apiKey, new Set())
}

function scrubValue(value: unknown, apiKey: string, seen: Set<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return
  seen.add(value)
  // Own names, not keys: an error's `message`, `stack` and `cause` are not enumerable.
  for (const name of Object.getOwnPropertyNames(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, name)
    if (!descriptor || !('value' in descriptor)) continue
    if (typeof descriptor.value === 'string') {
      if (descriptor.writable && descriptor.value.includes(apiKey)) (value as Record<string, unknown>)[name] = scrubApiKey(descriptor.value, apiKey)
    } else scrubValue(descriptor.value, apiKey, seen)
  }
}
