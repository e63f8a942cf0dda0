import * as z from 'zod'

/**
 * Builds a zod validator from a JSON Schema (`z.fromJSONSchema`). A schema zod cannot read falls
 * back to "any JSON object", so a tool with an unusual schema still runs rather than failing to load.
 */
export function createJsonSchemaValidator(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  try {
    // fromJSONSchema types its output as unknown; the callers' schemas are all `type: 'object'`.
    return z.fromJSONSchema(schema) as z.ZodType<Record<string, unknown>>
  } catch {
    return z.record(z.string(), z.unknown())
  }
}
