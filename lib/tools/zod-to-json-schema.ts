import * as z from 'zod'
import type { IToolSchema } from '../core/provider.ts'

/**
 * Converts a zod object schema into the parameter schema providers expect: a root `object` with
 * `properties`, `required`, and `additionalProperties: true` only for `passthrough()` objects.
 */
export function zodToJsonSchema(schema: z.ZodObject): IToolSchema['parameters'] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>
  if (json.type !== 'object') throw new Error('zodToJsonSchema: a tool schema must be a zod object.')
  const parameters: IToolSchema['parameters'] = {
    type: 'object',
    properties: (json.properties as Record<string, unknown> | undefined) ?? {}
  }
  if (Array.isArray(json.required) && json.required.length > 0) parameters.required = json.required as string[]
  parameters.additionalProperties = json.additionalProperties !== false && json.additionalProperties !== undefined
  return parameters
}
