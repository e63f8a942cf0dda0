/** What a secret is replaced with wherever the SDK removes one: errors, events, exports. */
export const REDACTED = '[REDACTED]'
