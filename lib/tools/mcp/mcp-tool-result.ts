import type { IToolResult } from '../../core/tool.ts'

/** Longest text an MCP tool result hands the model; the rest is cut with a note. */
export const MCP_MAX_RESULT_CHARACTERS = 100_000

/** The content blocks of an MCP `tools/call` result this mapping reads (others are named by type). */
type TMcpContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string }
  | { type: string }

/** An MCP `tools/call` result, as the SDK's client returns it. */
export type TMcpCallResult = { content?: unknown[]; structuredContent?: unknown; isError?: boolean }

/**
 * Turns an MCP tool result into a tool result: text blocks as they are, embedded text resources
 * under their URI, and images, audio and binary resources as a line naming their type and size
 * (tool messages carry text only, so the bytes are not sent to the model). With no content, the
 * structured content is the data. `isError` makes a failed result whose error is that text.
 */
export function toMcpToolResult(server: string, result: TMcpCallResult): IToolResult {
  const blocks = (result.content ?? []) as TMcpContent[]
  let text = blocks.map(describeBlock).join('\n')
  const metadata: Record<string, string | number | boolean> = { mcpServer: server }
  const media = blocks.filter((block) => block.type === 'image' || block.type === 'audio').length
  if (media > 0) metadata.mediaBlocks = media
  if (text.length > MCP_MAX_RESULT_CHARACTERS) {
    text = `${text.slice(0, MCP_MAX_RESULT_CHARACTERS)}\n[cut: the result had ${text.length} characters]`
    metadata.truncated = true
  }
  if (result.isError === true) return { success: false, error: text === '' ? `MCP server "${server}" reported an error with no text.` : text, metadata }
  const data = blocks.length === 0 && result.structuredContent !== undefined ? result.structuredContent : text
  return { success: true, data, metadata }
}

function describeBlock(block: TMcpContent): string {
  if ('text' in block && block.type === 'text') return block.text
  if ((block.type === 'image' || block.type === 'audio') && 'data' in block) {
    return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes]`
  }
  if (block.type === 'resource' && 'resource' in block) {
    const { uri, mimeType, text, blob } = block.resource
    if (text !== undefined) return `[resource ${uri}]\n${text}`
    return `[resource ${uri}${mimeType ? ` ${mimeType}` : ''}, ${base64Bytes(blob ?? '')} bytes]`
  }
  if (block.type === 'resource_link' && 'uri' in block) return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`
  return `[${block.type} content]`
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding)
}
