import type * as z from 'zod'
import type { IToolSchema } from '../../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../../core/tool.ts'
import { FunctionTool } from '../function-tool.ts'
import type { TToolFunction } from '../function-tool.ts'
import { zodToJsonSchema } from '../zod-to-json-schema.ts'
import { describeSandboxFailure } from './tool-failure.ts'
import type { TToolResult } from './tool-result.ts'

/**
 * A built-in tool: a zod-validated function whose `TToolResult` travels as the result's data,
 * with its own `success` and `error` lifted so replay events and the loop see the real outcome.
 * Whatever the function throws (a `ToolFailure`, a sandbox error) becomes a failed result.
 */
export class BuiltinTool<TSchema extends z.ZodObject> implements ITool {
  private readonly inner: FunctionTool<z.output<TSchema>, TToolResult>

  constructor(name: string, description: string, parameters: TSchema, run: TToolFunction<z.output<TSchema>, TToolResult>) {
    const guarded: TToolFunction<z.output<TSchema>, TToolResult> = async (input, context) => {
      try {
        return await run(input, context)
      } catch (error) {
        return { success: false, output: '', error: toSentence(describeSandboxFailure(error, pathOf(input))) }
      }
    }
    this.inner = new FunctionTool({ name, description, parameters: zodToJsonSchema(parameters) }, parameters, guarded)
  }

  get schema(): IToolSchema {
    return this.inner.schema
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const result = await this.inner.execute(parameters, context)
    const output = result.data as TToolResult | undefined
    if (!result.success || !output) return result
    const { diff, ...data } = output
    return { success: output.success, data, ...(output.error ? { error: output.error } : {}), ...(diff && diff.lines.length > 0 ? { diff } : {}) }
  }
}

function pathOf(input: unknown): string {
  const path = (input as { filePath?: unknown; path?: unknown }).filePath ?? (input as { path?: unknown }).path
  return typeof path === 'string' ? path : 'the path'
}

function toSentence(text: string): string {
  const capitalized = `${text.charAt(0).toUpperCase()}${text.slice(1)}`
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`
}
