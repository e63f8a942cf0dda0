import { ValidationError } from '../core/errors.ts'
import type { TOutputSchema } from '../core/output-schema.ts'
import { toJsonSchemaOutput } from '../session/json-schema-output.ts'
import type { TSubmitOptions } from './port/host-turns.ts'

/**
 * Reads a submitted turn's options, as plain data from wherever the call came: the output schema
 * the turn asks for, or none.
 *
 * @throws ValidationError naming the option when the options or the schema are malformed.
 */
export function readTurnOutput(options: TSubmitOptions | undefined): TOutputSchema | undefined {
  if (options === undefined) return undefined
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ValidationError(`submit(): options must be an object such as { output: { schema } }; got ${options === null ? 'null' : typeof options}.`)
  }
  const unknown = Object.keys(options).find((key) => key !== 'output')
  // A misspelt `output` would otherwise run a plain turn with no structured answer.
  if (unknown !== undefined) throw new ValidationError(`submit(): unknown option "${unknown}"; it takes output.`)
  const { output } = options
  if (output === undefined) return undefined
  if (typeof output !== 'object' || output === null || Array.isArray(output) || !('schema' in output)) {
    throw new ValidationError('submit(): options.output must be { schema: <a JSON Schema> }.')
  }
  return toJsonSchemaOutput(output.schema, 'submit(): options.output.schema')
}
