/** Most files one bundle may hold. */
export const MAX_BUNDLE_FILES = 256

/** Largest file a bundle may hold, in characters. */
export const MAX_BUNDLE_FILE_CHARACTERS = 512 * 1024

/**
 * Why `path` cannot be a file of a bundle, or `undefined` when it can: a relative POSIX path of
 * plain segments, so no file lands outside the bundle's own folder.
 */
export function bundlePathProblem(path: string): string | undefined {
  if (path === '') return 'the path is empty'
  if (path.includes('\\')) return 'a path uses "/" only'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'the path is absolute; paths are relative to the bundle'
  if (/[\u0000-\u001f]/.test(path)) return 'the path holds a control character'
  const segments = path.split('/')
  if (segments.some((segment) => segment === '..')) return 'the path escapes the bundle ("..")'
  if (segments.some((segment) => segment === '' || segment === '.')) return 'the path has an empty or "." segment'
  return undefined
}
