import { REDACTED } from '../../core/redacted.ts'

/** Removes the caller's key from text a server sent back, in case it echoed it. */
export function scrubApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join(REDACTED) : text
}
