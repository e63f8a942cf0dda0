import { isNormalizedSandboxPath } from '../in-memory/sandbox-path.ts'

/** What a wrapped command's stdout held: the caller's output, and the directory the shell ended in. */
export type TWorkingDirectoryReport = {
  stdout: string
  /** The shell's final directory, or `undefined` when it did not report one. */
  directory: string | undefined
}

/** A marker no command can guess, fresh for each client, that announces the shell's final directory. */
export function createDirectoryMarker(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `__robota_cwd_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}__`
}

/**
 * Wraps a command so that the shell prints `marker` and its final directory when it exits, by
 * `exit N`, a failure under `set -e` or the end of the script alike; an EXIT trap keeps the exit
 * code. The trap sits on its own line so a syntax error in the command cannot drop it, and it
 * turns tracing off first so `set -x` does not echo it to stderr.
 */
export function wrapWithDirectoryReport(command: string, marker: string): string {
  return `trap '{ set +xv; } 2>/dev/null; builtin printf %s ${marker}; builtin test -d "$PWD" && builtin pwd 2>/dev/null' EXIT\n${command}`
}

/**
 * Takes the marker and the directory after it out of `stdout`, leaving every other byte as the
 * command wrote it. Output that arrives after the report (from a background job still writing)
 * is kept. A missing marker, as after the command replaced the trap or redirected stdout away,
 * reports no directory.
 */
export function takeDirectoryReport(stdout: string, marker: string): TWorkingDirectoryReport {
  const index = stdout.lastIndexOf(marker)
  if (index < 0) return { stdout, directory: undefined }
  const rest = stdout.slice(index + marker.length)
  const lineEnd = rest.indexOf('\n')
  const reported = lineEnd < 0 ? rest : rest.slice(0, lineEnd)
  const after = lineEnd < 0 ? '' : rest.slice(lineEnd + 1)
  const directory = isNormalizedSandboxPath(reported) ? reported : undefined
  return { stdout: stdout.slice(0, index) + after, directory }
}
