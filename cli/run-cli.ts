import { homedir } from 'node:os'
import { FileSessionStore } from './storage/file-session-store.ts'
import { CLI_USAGE, parseCliArguments } from './arguments/parse-cli-arguments.ts'
import { exportSessionReplay } from './export-session-replay.ts'
import { toOneShotError } from './one-shot/one-shot-output.ts'
import { runOneShot } from './one-shot/run-one-shot.ts'
import { readPackageVersion } from './read-package-version.ts'
import { importInteractiveClient } from './tui/import-interactive-client.ts'
import { resolveSessionsDirectory, type TCliEnvironment } from './start-cli-session.ts'

/** The process the command runs in: environment, directory and output streams. */
export type TCliProcess = TCliEnvironment & {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Fires on an interrupt (Ctrl+C) while `-p` runs: the turn ends as interrupted. */
  interrupt?: AbortSignal
}

/**
 * Runs the `robota` command with `argv` (no node or script path) and resolves with the exit
 * code: usage or version, `--export <id>` (a session's replay log as JSONL on stdout), `-p`
 * (one prompt, one JSON value on stdout), or the interactive client.
 */
export async function runCli(argv: readonly string[], process: TCliProcess): Promise<number> {
  const environment: TCliEnvironment = { env: process.env, cwd: process.cwd, homeDirectory: process.homeDirectory ?? homedir() }
  try {
    const args = parseCliArguments(argv)
    if (args.help) {
      process.stdout(CLI_USAGE)
      return 0
    }
    if (args.version) {
      process.stdout(`${await readPackageVersion()}\n`)
      return 0
    }
    if (args.exportSessionId !== undefined) {
      const store = new FileSessionStore(resolveSessionsDirectory(args, environment))
      process.stdout(await exportSessionReplay(store, args.exportSessionId))
      return 0
    }
    if (args.print !== undefined) {
      const outcome = await runOneShot(args.print, args, environment, process.interrupt)
      process.stdout(`${JSON.stringify(outcome.output)}\n`)
      if (outcome.output.type === 'error') process.stderr(`${outcome.output.error.message}\n`)
      return outcome.exitCode
    }
    const { runInteractive } = await importInteractiveClient()
    await runInteractive(args, environment)
    return 0
  } catch (error) {
    // `-p` promises one JSON value on stdout, a refused argument's included: a script reads it there.
    if (asksToPrint(argv)) process.stdout(`${JSON.stringify(toOneShotError(error))}\n`)
    process.stderr(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

function asksToPrint(argv: readonly string[]): boolean {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '-p' || arg === '--print' || arg.startsWith('--print='))
}
