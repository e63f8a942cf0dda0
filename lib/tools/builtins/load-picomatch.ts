import type picomatch from 'picomatch'

/**
 * picomatch, loaded with the first Glob or Grep call that matches a glob: most turns never do, and
 * it is a fifth of the tools' code.
 */
export async function loadPicomatch(): Promise<typeof picomatch> {
  return (await import('picomatch')).default
}
