import * as z from 'zod'
import type { IToolSchema } from '../core/provider.ts'

// zod writes `.int()` as "between ±Number.MAX_SAFE_INTEGER". Those bounds say nothing to a model,
// cost tokens on every call, and some providers reject numbers that large in a schema.
const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER

/**
 * Converts a zod object schema into the parameter schema providers expect: a root `object` with
 * `properties`, `required` (fields with a default are optional, as the model sees them), and
 * `additionalProperties: true` only for `passthrough()` / `looseObject` schemas. zod's implicit
 * safe-integer bounds on `.int()` are left out; bounds the schema sets itself stay.
 */
export function zodToJsonSchema(schema: z.ZodObject): IToolSchema['parameters'] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>
  if (json.type !== 'object') throw new Error('zodToJsonSchema: a tool schema must be a zod object.')
  const properties = (json.properties as Record<string, unknown> | undefined) ?? {}
  const parameters: IToolSchema['parameters'] = {
    type: 'object',
    properties: stripSafeIntegerBounds(properties) as Record<string, unknown>
  }
  if (Array.isArray(json.required) && json.required.length > 0) parameters.required = json.required as string[]
  parameters.additionalProperties = json.additionalProperties !== false && json.additionalProperties !== undefined
  return parameters
}

/** Removes `minimum`/`maximum` of ±`Number.MAX_SAFE_INTEGER` at any depth, leaving every other keyword. */
export function stripSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSafeIntegerBounds)
  if (value === null || typeof value !== 'object') return value
  const stripped: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'minimum' && entry === -SAFE_INTEGER_BOUND) continue
    if (key === 'maximum' && entry === SAFE_INTEGER_BOUND) continue
    stripped[key] = stripSafeIntegerBounds(entry)
  }
  return stripped
}
