import * as z from 'zod'
import { ConfigurationError } from '../core/errors.ts'
import { addOutputJsonSchemaReader } from '../core/output-schema.ts'
import type { IToolSchema } from '../core/provider.ts'
import { isZod3Schema, isZod4Schema, ZOD_4_IMPORTS } from './zod-schema-version.ts'

// zod writes `.int()` as "between ±Number.MAX_SAFE_INTEGER". Those bounds say nothing to a model,
// cost tokens on every call, and some providers reject numbers that large in a schema.
const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER

/**
 * Converts a zod object schema into the parameter schema providers expect: a root `object` with
 * `properties`, `required` (fields with a default are optional, as the model sees them), and
 * `additionalProperties: true` only for `passthrough()` / `looseObject` schemas. zod's implicit
 * safe-integer bounds on `.int()` are left out; bounds the schema sets itself stay.
 *
 * @param where names the schema in error messages, e.g. `createZodFunctionTool("add"): the parameters`.
 * @throws ConfigurationError naming `where` when the schema does not describe an object.
 */
export function zodToJsonSchema(schema: z.ZodObject, where = 'zodToJsonSchema(schema)'): IToolSchema['parameters'] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>
  if (json.type !== 'object') {
    throw new ConfigurationError(`${where} must be a zod object (z.object({ … })); got a schema of JSON type ${JSON.stringify(json.type) ?? 'none'}.`)
  }
  const properties = (json.properties as Record<string, unknown> | undefined) ?? {}
  const parameters: IToolSchema['parameters'] = {
    type: 'object',
    properties: stripSafeIntegerBounds(properties) as Record<string, unknown>
  }
  if (Array.isArray(json.required) && json.required.length > 0) parameters.required = json.required as string[]
  parameters.additionalProperties = json.additionalProperties !== false && json.additionalProperties !== undefined
  return parameters
}

/**
 * The JSON Schema of a run's `output` when it is a zod 4 schema that does not give its own
 * (`~standard.jsonSchema`), as zod 3.25's `zod/v4` and early zod 4 releases do not, made with the
 * call a current zod 4 schema's own `~standard.jsonSchema` makes. `undefined` for a schema of
 * another library.
 *
 * @throws ConfigurationError for a zod 3 schema, naming the import that fixes it.
 */
export function readZodOutputJsonSchema(schema: unknown): Record<string, unknown> | undefined {
  if (isZod3Schema(schema)) throw new ConfigurationError(`run(): output is a zod 3 schema. ${ZOD_4_IMPORTS}`)
  if (!isZod4Schema(schema)) return undefined
  return z.toJSONSchema(schema as z.ZodType, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>
}

// Tools and output schemas read zod the same way; any program that builds a zod tool or a session
// has loaded this module, so `run()` takes the same schemas their tools do.
addOutputJsonSchemaReader(readZodOutputJsonSchema)

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
