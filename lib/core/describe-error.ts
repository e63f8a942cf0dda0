/** A caught value as a message a person can read: an error's message, anything else as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
