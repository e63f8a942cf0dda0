import { isBrowserEnvironment } from '../http/describe-fetch-failure.ts'

/** The MCP SDK's code for a request that ran out of time (`ErrorCode.RequestTimeout`). */
export const MCP_TIMEOUT_CODE = -32001

/** What was being done with a server when it failed. */
export type TMcpFailureContext = {
  server: string
  /** `connecting to http://…`, `calling "search"`, `listing tools`. */
  action: string
  timeoutMs: number
  /** The URL of an HTTP server, for the CORS explanation. */
  url?: string
}

/** True when the SDK gave up waiting for the server's answer. */
export function isMcpTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === MCP_TIMEOUT_CODE
}

/**
 * Words an MCP failure for the model and the user, always naming the server. A browser hides why a
 * cross-origin request failed (a bare `TypeError`), so for an HTTP server there the message says
 * that it is most often CORS and what the server must send.
 */
export function describeMcpFailure(error: unknown, context: TMcpFailureContext): string {
  const prefix = `MCP server "${context.server}"`
  if (isMcpTimeout(error)) return `${prefix} did not answer within ${context.timeoutMs / 1000} s while ${context.action}.`
  const reason = messageOf(error)
  if (context.url !== undefined && isBrowserEnvironment() && isFetchTypeError(error)) {
    return (
      `${prefix} could not be reached while ${context.action} (${reason}). In a browser this usually means the server ` +
      `at ${context.url} does not allow cross-origin requests: it must answer OPTIONS and its responses with ` +
      'Access-Control-Allow-Origin for this page, allow the headers sent (content-type, mcp-session-id, mcp-protocol-version ' +
      'and any configured ones) and expose mcp-session-id. It can also be a network or DNS failure.'
    )
  }
  return `${prefix} failed while ${context.action}: ${reason}`
}

function messageOf(error: unknown): string {
  const issues = (error as { issues?: unknown } | null)?.issues
  // A reply that does not follow the MCP schema (a tool's inputSchema not an object schema, say).
  if (Array.isArray(issues)) {
    const listed = (issues as Array<{ path?: unknown[]; message?: string }>).slice(0, 5).map((issue) => `${(issue.path ?? []).join('.') || '(root)'}: ${issue.message ?? 'invalid'}`)
    return `its reply does not follow the MCP schema: ${listed.join('; ')}`
  }
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`
}

// The transports wrap fetch's TypeError in their own errors; the message keeps its wording.
function isFetchTypeError(error: unknown): boolean {
  if (error instanceof TypeError) return true
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : ''
  return /Failed to fetch|NetworkError|Load failed/i.test(text)
}
