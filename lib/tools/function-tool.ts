import { ConfigurationError } from '../core/errors.ts'
import type * as z from 'zod'
import type { IToolSchema } from '../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../core/tool.ts'
import { createJsonSchemaValidator } from './json-schema-validator.ts'
import { checkToolArguments } from './tool-arguments.ts'
import type { TArgumentValidator } from './tool-arguments.ts'
import { zodToJsonSchema } from './zod-to-json-schema.ts'
import { isZod3Schema, isZod4Schema, ZOD_4_IMPORTS } from './zod-schema-version.ts'
import { describeError } from '../core/describe-error.ts'
import { assertToolName } from '../core/tool-name.ts'

/** The function a tool runs once its arguments are validated. */
export type TToolFunction<TParameters, TOutput> = (
  parameters: TParameters,
  context: IToolExecutionContext
) => Promise<TOutput> | TOutput

/**
 * A tool backed by a plain function. Arguments are validated before the function runs: invalid
 * ones come back to the model as a failed result listing each problem, and a function that throws
 * becomes a failed result too, so the tool never throws into the loop.
 */
export class FunctionTool<TParameters, TOutput> implements ITool {
  constructor(
    /** The schema advertised to the model. */
    readonly schema: IToolSchema,
    private readonly validator: TArgumentValidator<TParameters>,
    private readonly run: TToolFunction<TParameters, TOutput>
  ) {
    assertToolName(schema.name)
    if (typeof run !== 'function') throw new ConfigurationError(`Tool "${schema.name}": its function is missing; pass the function that runs it after the parameters.`)
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const checked = checkToolArguments(this.schema.name, this.validator, parameters)
    if (!checked.success) return checked.result
    try {
      return { success: true, data: await this.run(checked.data, context) }
    } catch (error) {
      return {
        success: false,
        error: `Tool "${this.schema.name}" failed: ${describeError(error)}`,
        metadata: { errorCode: 'execution_failed' }
      }
    }
  }
}

/** Creates a function tool whose arguments are described and validated by a zod object. */
export function createZodFunctionTool<TSchema extends z.ZodObject, TOutput>(
  name: string,
  description: string,
  parametersSchema: TSchema,
  run: TToolFunction<z.output<TSchema>, TOutput>
): FunctionTool<z.output<TSchema>, TOutput> {
  const where = `createZodFunctionTool("${name}")`
  if (!isZod4Schema(parametersSchema)) {
    throw new ConfigurationError(`${where}: the parameters are not a zod 4 schema${isZod3Schema(parametersSchema) ? ' (this is a zod 3 schema)' : ''}. ${ZOD_4_IMPORTS}`)
  }
  return new FunctionTool({ name, description, parameters: zodToJsonSchema(parametersSchema, `${where}: the parameters`) }, parametersSchema, run)
}

/**
 * Creates a function tool from a JSON Schema for its parameters: the schema is advertised as given
 * and arguments are validated against it (through `z.fromJSONSchema`).
 */
export function createFunctionTool<TOutput>(
  name: string,
  description: string,
  parameters: IToolSchema['parameters'],
  run: TToolFunction<Record<string, unknown>, TOutput>
): FunctionTool<Record<string, unknown>, TOutput> {
  // The providers take a tool's arguments as one JSON object: a schema of anything else is never met.
  if ((parameters as { type?: unknown } | null)?.type !== 'object') {
    throw new ConfigurationError(`createFunctionTool("${name}"): the parameters must be a JSON Schema of an object ({ type: 'object', properties }); got ${JSON.stringify(parameters)}.`)
  }
  return new FunctionTool({ name, description, parameters }, createJsonSchemaValidator(parameters), run)
}
