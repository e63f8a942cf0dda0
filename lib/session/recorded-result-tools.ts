import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IToolSchema } from '../core/provider.ts'
import type { ITool } from '../core/tool.ts'

/**
 * The tools a recording offered besides the ones a re-run runs for real (a subagent, a web fetch,
 * an MCP server's, an app's own): offline they cannot run again, or would not answer the same, so
 * each call gets the result the recording gave it. Their schemas are the ones the recorded
 * requests sent.
 *
 * @param realTools names of the tools the re-run runs itself (the sandbox's).
 * @param history the recorded conversation, whose tool messages hold the results.
 */
export function recordedResultTools(events: readonly TExecutionEventEnvelope[], realTools: ReadonlySet<string>, history: readonly TUniversalMessage[]): ITool[] {
  const results = new Map<string, string>()
  for (const message of history) if (message.role === 'tool') results.set(message.toolCallId, message.content)
  const schemas = new Map<string, IToolSchema>()
  for (const event of events) {
    if (event.type !== 'provider_request') continue
    for (const schema of (event as TExecutionEventEnvelope<'provider_request'>).data.tools ?? []) {
      if (!realTools.has(schema.name) && !schemas.has(schema.name)) schemas.set(schema.name, schema)
    }
  }
  return [...schemas.values()].map((schema) => ({
    schema,
    execute: async (_parameters, { toolCallId }) => {
      const content = results.get(toolCallId)
      if (content === undefined) return { success: false, error: `No result of ${schema.name} was recorded for call ${toolCallId}.` }
      // Given back as the text the recording's tool message holds, a failure's "Error: …" included.
      return { success: !content.startsWith('Error: '), data: content }
    }
  }))
}
