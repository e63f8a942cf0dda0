import { call, outcomeOf, say, type TDemoContext, type TDemoStep } from './demo-step.ts'

const MCP_TOOL_PATTERN = /\bmcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+/

/** The MCP tool (`mcp__<server>__<tool>`) a prompt names, if any. */
export function mcpToolIn(prompt: string): string | undefined {
  return MCP_TOOL_PATTERN.exec(prompt)?.[0]
}

/**
 * Calls the MCP tool the prompt names, with the first JSON object in the prompt as its arguments
 * (none: `{}`), then answers with what it returned. MCP tools come from the workspace's
 * `mcpServers`, so they are not in the intent table: the demo calls whichever one is named.
 */
export function mcpDemoStep(context: TDemoContext, toolName: string): TDemoStep {
  if (!context.tools.has(toolName)) {
    return say(`This session offers no tool ${toolName}. Add its server under Settings → MCP servers (or to "mcpServers" in the workspace's .robota/settings.json) and ask again.`)
  }
  if (context.results.length === 0) return call(`I'll call ${toolName}.`, context, toolName, argumentsIn(context.prompt))
  const outcome = outcomeOf(context.results.at(-1))
  if (!outcome) return say('The tool did not answer.')
  return say(outcome.ok ? `${toolName} returned: ${outcome.output.trim()}` : `${toolName} failed: ${[outcome.error, outcome.output.trim()].filter(Boolean).join(': ')}`)
}

function argumentsIn(prompt: string): Record<string, unknown> {
  const json = /\{[\s\S]*\}/.exec(prompt)?.[0]
  if (json === undefined) return {}
  try {
    const parsed = JSON.parse(json) as unknown
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
