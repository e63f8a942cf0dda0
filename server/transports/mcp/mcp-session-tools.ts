import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import { runCommand, submitPrompt } from '../session-operations.ts'
import { subscribeToSessionEvents, type TTransportEvent } from '../transport-event.ts'

/** Tool names the transport itself offers; a command or skill of the same name is offered as `command_<name>`. */
const OWN_TOOLS = new Set(['submit', 'abort'])

/** A command's name as an MCP tool name: letters, digits, `_`, `-` and `.` only, at most 128 characters. */
export function toCommandToolName(command: string): string {
  const safe = command.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 120)
  return OWN_TOOLS.has(safe) ? `command_${safe}` : safe
}

/** A short line saying what happened, for a progress notification; `undefined` for events not worth one. */
function describeProgress(event: TTransportEvent): string | undefined {
  switch (event.type) {
    case 'text_delta':
      return event.delta
    case 'tool_start':
      return `${event.tool.toolName} started${event.tool.firstArg ? `: ${event.tool.firstArg}` : ''}`
    case 'tool_end':
      return `${event.tool.toolName} ended: ${event.tool.result ?? 'done'}`
    case 'permission_request':
      return `${event.request.toolName} waits for permission`
    default:
      return undefined
  }
}

/**
 * Offers a session on an MCP server: `submit` (a prompt in, the answer out, with a progress
 * notification per streamed piece and tool step when the client asks for progress), `abort`, and
 * one tool per command and skill of `listCommands()` taking `{ args }`. Failures stay in-band: a
 * failed prompt or command is a tool result with `isError`, never a protocol error.
 */
export function registerSessionTools(server: McpServer, session: InteractiveSession): void {
  server.registerTool(
    'submit',
    {
      description: 'Sends a prompt to the agent session and answers with its reply once the turn ends (tools run in the session).',
      inputSchema: { prompt: z.string().describe('What to ask the agent') }
    },
    async ({ prompt }, extra) => {
      const progressToken = extra._meta?.progressToken
      let progress = 0
      const unsubscribe =
        progressToken === undefined
          ? () => undefined
          : subscribeToSessionEvents(session, (event) => {
              const message = describeProgress(event)
              if (message === undefined) return
              progress += 1
              void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(() => undefined)
            })
      const onCancel = () => session.abort()
      extra.signal.addEventListener('abort', onCancel, { once: true })
      try {
        const outcome = await submitPrompt(session, prompt)
        if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: `${outcome.code}: ${outcome.error.message}` }] }
        return { content: [{ type: 'text', text: outcome.result.response }], structuredContent: { ...outcome.result } }
      } finally {
        unsubscribe()
        extra.signal.removeEventListener('abort', onCancel)
      }
    }
  )
  server.registerTool('abort', { description: 'Aborts the prompt the session is running, keeping its partial answer.' }, () => {
    session.abort()
    return { content: [{ type: 'text', text: 'Aborted.' }] }
  })
  const taken = new Set(OWN_TOOLS)
  for (const command of session.listCommands()) {
    const toolName = toCommandToolName(command.name)
    if (taken.has(toolName)) continue
    taken.add(toolName)
    server.registerTool(
      toolName,
      { description: `/${command.name}: ${command.description}`, inputSchema: { args: z.string().optional().describe('What follows the command name, as typed after /' + command.name) } },
      async ({ args }) => {
        const outcome = await runCommand(session, command.name, args ?? '')
        if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: `${outcome.code}: ${outcome.error.message}` }] }
        const { message, success, data } = outcome.result
        return { isError: !success, content: [{ type: 'text', text: message }], structuredContent: { success, message, ...(data ? { data } : {}) } }
      }
    )
  }
}
