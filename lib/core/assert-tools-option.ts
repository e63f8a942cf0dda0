import { describeValue } from './describe-value.ts'
import { ConfigurationError } from './errors.ts'

/**
 * Refuses a `tools` option that is not an array of tools, when it is given, naming the entry that
 * is not one: said where the options are written, not at the first prompt that offers the tools.
 *
 * @param where names the entry point in the message, e.g. `new InteractiveSession(options)`.
 * @throws ConfigurationError `<where>: tools[1] is not a tool: expected { schema, execute }, …`
 */
export function assertToolsOption(where: string, tools: unknown): void {
  if (tools === undefined) return
  if (!Array.isArray(tools)) throw new ConfigurationError(`${where}: tools must be an array of tools; got ${describeValue(tools)}.`)
  for (const [index, tool] of tools.entries()) {
    const { schema, execute } = (tool ?? {}) as { schema?: unknown; execute?: unknown }
    if (typeof schema !== 'object' || schema === null || typeof execute !== 'function') {
      throw new ConfigurationError(`${where}: tools[${index}] is not a tool: expected { schema, execute }, as createZodFunctionTool builds; got ${describeValue(tool)}.`)
    }
  }
}
