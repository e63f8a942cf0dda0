import type * as z from 'zod'
import type { IToolSchema } from '../../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../../core/tool.ts'
import { FunctionTool, type TToolFunction } from '../function-tool.ts'
import type { TToolResult } from './tool-output.ts'

/**
 * A built-in tool: a zod-validated function whose `TToolResult` travels as the result's data,
 * with its own `success` and `error` lifted so replay events and the loop see the real outcome.
 */
export class BuiltinTool<TSchema extends z.ZodObject> implements ITool {
  private readonly inner: FunctionTool<TSchema, TToolResult>

  constructor(name: string, description: string, parameters: TSchema, run: TToolFunction<z.output<TSchema>, TToolResult>) {
    this.inner = new FunctionTool(name, description, parameters, run)
  }

  get schema(): IToolSchema {
    return this.inner.schema
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const result = await this.inner.execute(parameters, context)
    const output = result.data as TToolResult | undefined
    if (!result.success || !output) return result
    return { success: output.success, data: output, ...(output.error ? { error: output.error } : {}) }
  }
}
