/**
 * Lexical path handling for permission matching: no filesystem access and no Node built-in, so it
 * runs in the browser. Paths are POSIX, as every sandbox presents them.
 */

/** True for an absolute path. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/')
}

/**
 * Collapses `//`, `.` and `..` lexically. A `..` above the root stays at the root, as on a POSIX
 * system; on a relative path it is kept, so `../x` stays `../x`. Wildcard segments are kept as is.
 */
export function normalizePath(path: string): string {
  const absolute = isAbsolutePath(path)
  const kept: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      const previous = kept[kept.length - 1]
      if (previous !== undefined && previous !== '..') kept.pop()
      else if (!absolute) kept.push('..')
      continue
    }
    kept.push(segment)
  }
  const joined = kept.join('/')
  if (absolute) return `/${joined}`
  return joined === '' ? '.' : joined
}

/** Resolves `path` against `base` (when relative) and normalizes the result. */
export function resolvePath(base: string, path: string): string {
  return normalizePath(isAbsolutePath(path) ? path : `${base}/${path}`)
}

/** Joins a directory and a path below it; an absolute `path` stands on its own. */
export function joinPath(directory: string, path: string): string {
  return isAbsolutePath(path) ? normalizePath(path) : normalizePath(`${directory}/${path}`)
}
