/**
 * Resolves `path` against the absolute directory `base` into a normalized absolute POSIX path:
 * `.` and empty segments are dropped and `..` climbs, never above `/`.
 */
export function resolvePosixPath(base: string, path: string): string {
  const segments: string[] = []
  for (const segment of (path.startsWith('/') ? path : `${base}/${path}`).split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/** True when the normalized `path` is `directory` or lies beneath it. */
export function isPathWithin(path: string, directory: string): boolean {
  return directory === '/' || path === directory || path.startsWith(`${directory}/`)
}

/** The directory holding a normalized absolute path (`/` for `/`). */
export function parentPath(path: string): string {
  const index = path.lastIndexOf('/')
  return index <= 0 ? '/' : path.slice(0, index)
}

/** The last segment of a normalized absolute path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** Joins a directory and an entry name. */
export function joinPath(directory: string, name: string): string {
  return directory === '/' ? `/${name}` : `${directory}/${name}`
}

/** `path` relative to `directory` (which contains it), `.` for the directory itself. */
export function relativePath(path: string, directory: string): string {
  if (path === directory) return '.'
  return directory === '/' ? path.slice(1) : path.slice(directory.length + 1)
}

/** Quotes a string for a POSIX shell, so it reaches the command as one literal word. */
export function quoteShellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}
