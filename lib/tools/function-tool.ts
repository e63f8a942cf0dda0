import type * as z from 'zod'
import type { IToolSchema } from '../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../core/tool.ts'
import { zodToJsonSchema } from './zod-to-json-schema.ts'

/** The function a tool runs once its arguments are validated. */
export type TToolFunction<TParameters, TOutput> = (
  parameters: TParameters,
  context: IToolExecutionContext
) => Promise<TOutput> | TOutput

/**
 * A tool backed by a plain function. Arguments are validated with zod before the function runs;
 * invalid arguments come back to the model as a failed result that names each wrong field.
 */
export class FunctionTool<TSchema extends z.ZodObject, TOutput> implements ITool {
  readonly schema: IToolSchema

  constructor(
    name: string,
    description: string,
    private readonly parametersSchema: TSchema,
    private readonly run: TToolFunction<z.output<TSchema>, TOutput>
  ) {
    this.schema = { name, description, parameters: zodToJsonSchema(parametersSchema) }
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const parsed = this.parametersSchema.safeParse(parameters)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      return {
        success: false,
        error: `Invalid arguments for tool "${this.schema.name}": ${problems.join('; ')}`,
        metadata: { errorCode: 'invalid_arguments' }
      }
    }
    const data = await this.run(parsed.data, context)
    return { success: true, data }
  }
}

/** Creates a function tool whose arguments are described and validated by a zod object. */
export function createZodFunctionTool<TSchema extends z.ZodObject, TOutput>(
  name: string,
  description: string,
  parametersSchema: TSchema,
  run: TToolFunction<z.output<TSchema>, TOutput>
): FunctionTool<TSchema, TOutput> {
  return new FunctionTool(name, description, parametersSchema, run)
}
