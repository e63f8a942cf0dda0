import { normalizeCommand, splitCommandSegments } from './command-segments.ts'
import { pathGlobToRegex, textGlobToRegex, urlGlobToRegex } from './glob-to-regex.ts'
import { isAbsolutePath, normalizePath, resolvePath } from './path-normalization.ts'
import { matchesToolName, type TPermissionPattern } from './permission-pattern.ts'
import type { TPermissionContext, TToolArgs } from './permission-types.ts'
import { getPermissionArgument, type TPermissionArgument } from './tool-arguments.ts'

/** `uncertain`: the pattern names this tool but cannot be judged against this call. */
export type TPatternMatch = 'match' | 'no-match' | 'uncertain'

/**
 * Which list a pattern comes from. An allow pattern must cover the whole call; a deny pattern
 * matches when it covers any part of it (one command of `ls && rm -rf /`).
 */
export type TPatternPurpose = 'allow' | 'deny'

/** Compares one parsed pattern with one tool call. */
export function matchPermissionPattern(
  pattern: TPermissionPattern,
  toolName: string,
  args: TToolArgs,
  purpose: TPatternPurpose,
  context: TPermissionContext = {}
): TPatternMatch {
  if (!matchesToolName(pattern, toolName)) return 'no-match'
  const glob = pattern.argument
  if (glob === undefined || glob.trim() === '*' || glob.trim() === '**') return 'match'
  const argument = getPermissionArgument(toolName, args)
  if (argument === undefined) return 'uncertain'
  return matchArgument(glob, argument, purpose, context)
}

function matchArgument(glob: string, argument: TPermissionArgument, purpose: TPatternPurpose, context: TPermissionContext): TPatternMatch {
  switch (argument.kind) {
    case 'command':
      return matchCommand(glob, argument.value, purpose)
    case 'path':
      return matchPath(glob, argument.value, context)
    case 'url':
      return matchUrl(glob, argument.value, purpose)
    case 'query':
      return textGlobToRegex(glob).test(argument.value) ? 'match' : 'no-match'
  }
}

/**
 * `Bash(npm:*)` is the Claude Code prefix form: the command is `npm` or starts with `npm `.
 * A wildcard allow pattern never covers a compound command, or `Bash(git *)` would allow
 * `git status; rm -rf /`; a literal allow pattern still matches its exact line.
 */
function matchCommand(glob: string, command: string, purpose: TPatternPurpose): TPatternMatch {
  const normalizedGlob = normalizeCommand(glob)
  const prefix = normalizedGlob.endsWith(':*') ? normalizedGlob.slice(0, -2) : undefined
  const matches = (text: string): boolean =>
    prefix === undefined ? textGlobToRegex(normalizedGlob).test(text) : text === prefix || text.startsWith(`${prefix} `)
  const whole = normalizeCommand(command)
  const { segments, compound } = splitCommandSegments(command)
  if (purpose === 'deny') return matches(whole) || segments.some(matches) ? 'match' : 'no-match'
  if (!matches(whole)) return 'no-match'
  const literal = prefix === undefined && !normalizedGlob.includes('*')
  return literal || !compound ? 'match' : 'no-match'
}

/**
 * Relative paths (in the pattern and in the call) resolve against `context.cwd`; a pattern that
 * starts with `**` matches at any depth and is never resolved. Without a cwd, a relative path
 * cannot be compared with an absolute one, and the answer is `uncertain`.
 */
function matchPath(glob: string, path: string, context: TPermissionContext): TPatternMatch {
  const anywhere = glob.startsWith('**')
  const cwd = context.cwd
  const patternPath = anywhere ? normalizePath(glob) : cwd === undefined ? normalizePath(glob) : resolvePath(cwd, glob)
  const argumentPath = cwd === undefined ? normalizePath(path) : resolvePath(cwd, path)
  if (!anywhere && isAbsolutePath(patternPath) !== isAbsolutePath(argumentPath)) return 'uncertain'
  return pathGlobToRegex(patternPath).test(argumentPath) ? 'match' : 'no-match'
}

/**
 * The URL is compared in its canonical form (`new URL`: lower-case host, default port dropped),
 * with and without the lone `/` path. A deny pattern also gets the text as the model wrote it.
 */
function matchUrl(glob: string, url: string, purpose: TPatternPurpose): TPatternMatch {
  const regex = urlGlobToRegex(glob.trim())
  const candidates = canonicalUrls(url)
  if (candidates.length === 0 || purpose === 'deny') candidates.push(url.trim())
  return candidates.some((candidate) => regex.test(candidate)) ? 'match' : 'no-match'
}

function canonicalUrls(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    // Not a URL: only its text can be compared.
    return []
  }
  const href = parsed.href
  const bare = parsed.pathname === '/' && parsed.search === '' && parsed.hash === '' && href.endsWith('/') ? href.slice(0, -1) : undefined
  return bare === undefined ? [href] : [href, bare]
}
