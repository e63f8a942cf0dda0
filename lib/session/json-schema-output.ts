import * as z from 'zod'
import { ValidationError } from '../core/errors.ts'
import type { TOutputSchema } from '../core/output-schema.ts'
import { describeError } from '../core/describe-error.ts'
import { describeValue } from '../core/describe-value.ts'
import { refuseSchemaObject } from '../core/schema-object.ts'

// Large enough for any schema a person writes, small enough that a page cannot make the worker
// compile a validator for megabytes of schema.
const LARGEST_SCHEMA_CHARACTERS = 64 * 1024

/**
 * Turns a JSON Schema that arrived as plain data (from a page, over a worker or a socket) into an
 * output schema for `Session.run`: providers are sent the schema as given (without `$schema`),
 * and replies are validated by zod's reading of it (`z.fromJSONSchema`). The root must be an
 * object schema, which every provider's native JSON-schema mode accepts.
 *
 * @param where names the option in error messages, e.g. `submit(): output.schema`.
 * @throws ValidationError naming `where` when the schema is not an object schema zod can read.
 */
export function toJsonSchemaOutput(schema: unknown, where: string): TOutputSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new ValidationError(`${where} must be a JSON Schema object; got ${describeValue(schema)}.`)
  }
  // Refused in-thread too, so code that passes here also passes against a worker.
  refuseSchemaObject(schema, where)
  const root = schema as Record<string, unknown>
  if (root.type !== 'object') {
    throw new ValidationError(`${where} must describe an object at its root ("type": "object"); got "type": ${JSON.stringify(root.type) ?? 'none'}.`)
  }
  const json = toJson(root, where)
  if (json.length > LARGEST_SCHEMA_CHARACTERS) {
    throw new ValidationError(`${where} is ${json.length} characters of JSON; the most a turn takes is ${LARGEST_SCHEMA_CHARACTERS}.`)
  }
  // From here on only the JSON copy is used, so nothing but data reaches zod or the provider.
  const plain = JSON.parse(json) as Record<string, unknown>
  let validator: z.ZodType
  try {
    validator = z.fromJSONSchema(plain as Parameters<typeof z.fromJSONSchema>[0])
  } catch (error) {
    throw new ValidationError(`${where} is not a JSON Schema Robota can check: ${describeError(error)}.`, {
      cause: error
    })
  }
  const { $schema: _dialect, ...sent } = plain
  return {
    '~standard': {
      version: 1,
      vendor: 'robota-json-schema',
      validate: (value) => validator['~standard'].validate(value),
      jsonSchema: { output: () => structuredClone(sent) }
    }
  }
}

function toJson(schema: Record<string, unknown>, where: string): string {
  try {
    return JSON.stringify(schema)
  } catch (error) {
    throw new ValidationError(`${where} is not plain JSON data: ${describeError(error)}.`, { cause: error })
  }
}
