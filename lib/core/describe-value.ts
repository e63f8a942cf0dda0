/** What kind of value a caller passed, for "got …" in error messages: `null`, `an array`, or its `typeof`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}
