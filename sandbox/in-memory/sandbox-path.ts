import { describeSandboxValue, invalidSandboxOptions } from '../assert-known-sandbox-options.ts'
import { SandboxError } from '../sandbox-client.ts'

/**
 * Turns a path given to the sandbox into a normalized absolute POSIX path: relative paths are
 * resolved against `cwd`, `.` and `..` segments are folded, and `..` never climbs above `/`.
 *
 * @param where names what the caller wrote in a refusal, such as `readFile(path)`.
 * @throws SandboxError `SANDBOX_INVALID_PATH` for a path that is no string, is empty or holds a NUL.
 */
export function resolveSandboxPath(cwd: string, path: string, where = 'path'): string {
  if (typeof path !== 'string') throw new SandboxError('SANDBOX_INVALID_PATH', `${where}: the path must be a string; got ${describeSandboxValue(path)}.`)
  if (path.length === 0) {
    throw new SandboxError('SANDBOX_INVALID_PATH', `${where}: the path is empty.`, { path })
  }
  if (path.includes('\0')) {
    throw new SandboxError('SANDBOX_INVALID_PATH', `${where}: the path contains a NUL character: ${JSON.stringify(path)}.`, { path })
  }
  const joined = path.startsWith('/') ? path : `${cwd}/${path}`
  const segments: string[] = []
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      segments.pop()
      continue
    }
    segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/**
 * The working directory a sandbox client's `cwd` option names, absolute and normalized, or
 * `fallback` without one: checked as the client is made, so a bad one is named there rather than
 * met at the first command.
 *
 * @param where names the call and the options' place in it, such as `new E2BSandboxClient(sandbox, options): `.
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` for a cwd that is no string; `SANDBOX_INVALID_PATH`
 *   for an empty one or one holding a NUL; each naming `<where>cwd`.
 */
export function resolveCwdOption(where: string, cwd: unknown, fallback: string): string {
  if (cwd !== undefined && typeof cwd !== 'string') throw invalidSandboxOptions(`${where}cwd must be a path; got ${describeSandboxValue(cwd)}.`)
  return resolveSandboxPath('/', cwd ?? fallback, `${where}cwd`)
}

/** The directory holding `path` (`/` for `/` itself). `path` must be normalized and absolute. */
export function parentSandboxPath(path: string): string {
  const index = path.lastIndexOf('/')
  return index <= 0 ? '/' : path.slice(0, index)
}

/** Every proper ancestor of a normalized absolute path, from `/` downwards. */
export function ancestorSandboxPaths(path: string): string[] {
  const ancestors: string[] = []
  let current = path
  while (current !== '/') {
    current = parentSandboxPath(current)
    ancestors.unshift(current)
  }
  return ancestors
}

/** True when `path` is `directory` itself or lies somewhere beneath it. */
export function isSandboxPathWithin(path: string, directory: string): boolean {
  if (directory === '/') return true
  return path === directory || path.startsWith(`${directory}/`)
}

/** True for a normalized absolute path: starts with `/`, no empty, `.` or `..` segments. */
export function isNormalizedSandboxPath(path: string): boolean {
  if (path === '/') return true
  if (!path.startsWith('/') || path.endsWith('/') || path.includes('\0')) return false
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
