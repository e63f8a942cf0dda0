import { ValidationError } from './errors.ts'

/**
 * The vendor of a schema object given where plain data belongs (`zod` for a zod 4 schema), or
 * `undefined` for plain data. The JSON Schema `z.toJSONSchema` returns is plain data: the
 * `~standard` it carries is not enumerable, so a copy or a structured clone leaves it behind.
 */
export function schemaObjectVendor(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('~standard' in value)) return undefined
  const prototype = Object.getPrototypeOf(value) as unknown
  const plain = (prototype === Object.prototype || prototype === null) && Object.values(value).every((entry) => typeof entry !== 'function')
  if (plain && !Object.prototype.propertyIsEnumerable.call(value, '~standard')) return undefined
  const vendor = (value as { '~standard'?: { vendor?: unknown } })['~standard']?.vendor
  return typeof vendor === 'string' && vendor !== '' ? vendor : 'Standard Schema'
}

/**
 * Refuses a schema object (zod, or any Standard Schema) where a JSON Schema is expected. A schema
 * object does not survive the trip to a worker or over a socket: a structured clone keeps only its
 * enumerable data, which can pass for a JSON Schema that describes something else.
 *
 * @param where names the option in the message, e.g. `submit(): options.output.schema`.
 * @throws ValidationError naming `where` and what to pass instead.
 */
export function refuseSchemaObject(value: unknown, where: string): void {
  const vendor = schemaObjectVendor(value)
  if (vendor === undefined) return
  throw new ValidationError(`${where} is a ${vendor} schema, not JSON Schema (plain data): pass ${vendor === 'zod' ? 'z.toJSONSchema(schema)' : 'its JSON Schema'}.`)
}
