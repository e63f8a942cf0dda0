import { render } from 'ink'
import type { TCliArguments } from '../arguments/cli-arguments.ts'
import { startCliSession, type TCliEnvironment } from '../start-cli-session.ts'
import { App } from './app.tsx'
import { PermissionRequests } from './permission-requests.ts'

/**
 * Starts the interactive client on the terminal and resolves when the user leaves (`/exit` or
 * Ctrl+C); the session and the sandbox are released then.
 */
export async function runInteractive(args: TCliArguments, environment: TCliEnvironment): Promise<void> {
  const permissions = new PermissionRequests()
  const cli = await startCliSession(args, environment, permissions.handler)
  const notices = [
    `Robota · ${cli.provider.definition.displayName ?? cli.provider.definition.type} · ${cli.workspace.copied.files.size} files of ${cli.workspace.hostDirectory} copied to ${cli.workspace.sandbox.kind} sandbox ${cli.workspace.workspaceRoot} (changes stay there until /sync)`,
    ...(args.resume || args.continueLatest ? [`Resumed session ${cli.session.getSessionId()}.`] : []),
    ...cli.workspace.problems,
    ...cli.session.getWarnings()
  ]
  const instance = render(<App cli={cli} permissions={permissions} initialNotices={notices} />, { exitOnCtrlC: true })
  try {
    await instance.waitUntilExit()
  } finally {
    await cli.session.dispose()
    await cli.workspace.sandbox.dispose?.()
  }
  process.stdout.write(`Session ${cli.session.getSessionId()} is stored; continue it with: robota --resume ${cli.session.getSessionId()}\n`)
}
