import { joinPath } from './path-normalization.ts'
import type { TToolArgs } from './permission-types.ts'

/** How a tool's meaningful argument is compared with a pattern. */
export type TArgumentKind = 'command' | 'path' | 'url' | 'query'

/** The one argument of a call that permission patterns are matched against. */
export type TPermissionArgument = { kind: TArgumentKind; value: string }

/** Finds the meaningful argument of a call; `undefined` when the tool has none or it is missing. */
export type TArgumentExtractor = (args: TToolArgs) => TPermissionArgument | undefined

function stringArgument(args: TToolArgs, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = args[name]
    if (typeof value === 'string' && value !== '') return value
  }
  return undefined
}

function argumentOf(kind: TArgumentKind, ...names: string[]): TArgumentExtractor {
  return (args) => {
    const value = stringArgument(args, ...names)
    return value === undefined ? undefined : { kind, value }
  }
}

/** Where Glob looks: its `pattern` under its `path` (the workspace when absent). */
function globLocation(args: TToolArgs): TPermissionArgument {
  const directory = stringArgument(args, 'path') ?? '.'
  const pattern = stringArgument(args, 'pattern')
  return { kind: 'path', value: pattern === undefined ? directory : joinPath(directory, pattern) }
}

/**
 * Where Grep looks: its `path` (the workspace when absent). Its `pattern` is a regular expression
 * over file contents and its `include` a filter at any depth, so neither narrows the location.
 */
function grepLocation(args: TToolArgs): TPermissionArgument {
  return { kind: 'path', value: stringArgument(args, 'path') ?? '.' }
}

/** The meaningful argument of each built-in tool. `file_path` is accepted for Claude-shaped arguments. */
export const TOOL_ARGUMENTS: Readonly<Record<string, TArgumentExtractor>> = {
  Bash: argumentOf('command', 'command'),
  Read: argumentOf('path', 'filePath', 'file_path'),
  Write: argumentOf('path', 'filePath', 'file_path'),
  Edit: argumentOf('path', 'filePath', 'file_path'),
  Glob: globLocation,
  Grep: grepLocation,
  WebFetch: argumentOf('url', 'url'),
  WebSearch: argumentOf('query', 'query')
}

/** The meaningful argument of a call, or `undefined` for a tool without one. */
export function getPermissionArgument(toolName: string, args: TToolArgs): TPermissionArgument | undefined {
  const extractor = Object.hasOwn(TOOL_ARGUMENTS, toolName) ? TOOL_ARGUMENTS[toolName] : undefined
  return extractor?.(args)
}

/**
 * The narrowest pattern that covers this call, for "allow for this session" answers: the exact
 * command, path or query, the URL's origin for WebFetch, and the bare tool name for a tool
 * without a meaningful argument.
 */
export function suggestPermissionPattern(toolName: string, args: TToolArgs): string {
  const argument = getPermissionArgument(toolName, args)
  if (argument === undefined) return toolName
  if (argument.kind === 'url') {
    const origin = originOf(argument.value)
    return origin === undefined ? `${toolName}(${argument.value})` : `${toolName}(${origin}/*)`
  }
  return `${toolName}(${argument.value.trim().replace(/\s+/g, ' ')})`
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.origin === 'null' ? undefined : parsed.origin
  } catch {
    // Not a URL: the caller falls back to the exact text.
    return undefined
  }
}
