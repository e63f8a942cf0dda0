/** What kind of value a caller passed, for "got …" in error messages: `null`, `an array`, or its `typeof`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}

/** A received value as it was written, for "got …": a string in quotes (`"100"`), a number as it prints (`NaN`). */
export function showValue(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? describeValue(value))
}
