import { ConfigurationError } from '../core/errors.ts'

/** A parsed permission pattern: `Tool`, or `Tool(argumentGlob)`. */
export type TPermissionPattern = {
  /** The pattern as written. */
  source: string
  /** The tool name; `*` in it matches any run of characters (`mcp__github__*`). */
  toolName: string
  /** The argument glob, trimmed; absent for a bare tool name. */
  argument?: string
}

// Letters, digits and the punctuation tool names use (`mcp__server__tool`, `ns.tool`, `ns:tool`), plus `*`.
const TOOL_NAME = /^[A-Za-z0-9_.:*-]+$/

/**
 * Parses `Tool` or `Tool(argumentGlob)`. The argument runs from the first `(` to the final `)`,
 * so it may itself contain parentheses. Throws a `ConfigurationError` naming the pattern and what
 * is wrong with it: empty, no tool name, an unclosed `(`, text after the `)`, an empty argument.
 */
export function parsePermissionPattern(pattern: string): TPermissionPattern {
  if (typeof pattern !== 'string') throw malformed(String(pattern), 'a pattern must be a string')
  const source = pattern.trim()
  if (source === '') throw malformed(pattern, 'the pattern is empty')
  const open = source.indexOf('(')
  if (open === -1) {
    if (source.includes(')')) throw malformed(pattern, 'it has a ")" without an opening "("')
    if (!TOOL_NAME.test(source)) throw malformed(pattern, `"${source}" is not a tool name`)
    return { source, toolName: source }
  }
  const toolName = source.slice(0, open)
  if (toolName === '') throw malformed(pattern, 'the tool name before "(" is missing')
  if (!TOOL_NAME.test(toolName)) throw malformed(pattern, `"${toolName}" is not a tool name`)
  if (!source.endsWith(')')) {
    const reason = source.includes(')') ? 'there is text after the closing ")"' : 'the "(" is never closed'
    throw malformed(pattern, reason)
  }
  const argument = source.slice(open + 1, -1)
  if (argument.trim() === '') throw malformed(pattern, `the argument is empty; write "${toolName}" to match every call`)
  if (argument.trim() === ':*') throw malformed(pattern, 'the ":*" prefix form needs a prefix before it')
  return { source, toolName, argument: argument.trim() }
}

/** Parses every pattern, so a malformed one fails when the lists load rather than when a tool runs. */
export function parsePermissionPatterns(patterns: readonly string[] | undefined): TPermissionPattern[] {
  return (patterns ?? []).map(parsePermissionPattern)
}

/** True when the pattern's tool name covers `toolName`. */
export function matchesToolName(pattern: TPermissionPattern, toolName: string): boolean {
  if (!pattern.toolName.includes('*')) return pattern.toolName === toolName
  const body = pattern.toolName
    .split('*')
    .map((part) => part.replace(/[.\\^$+?()[\]{}|-]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${body}$`).test(toolName)
}

function malformed(pattern: string, reason: string): ConfigurationError {
  return new ConfigurationError(`Malformed permission pattern "${pattern}": ${reason}.`, {
    details: { pattern, reason }
  })
}
