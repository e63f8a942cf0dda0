import type * as z from 'zod'
import type { IToolSchema } from '../../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../../core/tool.ts'
import { createJsonSchemaValidator } from '../json-schema-validator.ts'
import { isMcpTimeout } from './describe-mcp-failure.ts'
import { checkToolArguments } from '../tool-arguments.ts'
import type { McpConnection, TMcpListedTool } from './mcp-connection.ts'
import { toMcpToolName } from './mcp-tool-name.ts'
import { toMcpToolResult } from './mcp-tool-result.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * One tool of an MCP server, offered to the model as `mcp__<server>__<tool>` with the input schema
 * the server lists. A call is checked against that schema, sent with the server's deadline, and
 * its result mapped to text; a timeout or a broken connection is a failed result naming the
 * server, never a throw.
 */
export class McpTool implements ITool {
  readonly schema: IToolSchema
  private readonly validator: z.ZodType<Record<string, unknown>>

  constructor(
    private readonly connection: McpConnection,
    private readonly listed: TMcpListedTool
  ) {
    const { type: _type, properties, required, additionalProperties, ...rest } = listed.inputSchema as Record<string, unknown>
    this.schema = {
      name: toMcpToolName(connection.server, listed.name),
      description: listed.description ?? `Tool "${listed.name}" of MCP server "${connection.server}".`,
      parameters: {
        ...rest,
        type: 'object',
        properties: (properties ?? {}) as Record<string, unknown>,
        ...(Array.isArray(required) ? { required: required as string[] } : {}),
        ...(typeof additionalProperties === 'boolean' ? { additionalProperties } : {})
      }
    }
    this.validator = createJsonSchemaValidator(this.schema.parameters)
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const checked = checkToolArguments(this.schema.name, this.validator, parameters)
    if (!checked.success) return checked.result
    try {
      return toMcpToolResult(this.connection.server, await this.connection.callTool(this.listed.name, checked.data, context.signal))
    } catch (error) {
      const timedOut = isMcpTimeout((error as { cause?: unknown }).cause)
      return {
        success: false,
        error: describeError(error),
        metadata: { mcpServer: this.connection.server, errorCode: timedOut ? 'timeout' : 'mcp_error' }
      }
    }
  }
}
