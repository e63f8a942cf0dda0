import { render } from 'ink'
import type { TCliArguments } from '../arguments/cli-arguments.ts'
import { startCliSession, type TCliEnvironment, type TCliSession } from '../start-cli-session.ts'
import { App } from './app.tsx'
import { PendingWork } from './pending-work.ts'
import { PermissionRequests } from './permission-requests.ts'
import { SessionTranscript } from './session-transcript.ts'

/**
 * Starts the interactive client on the terminal and resolves when the user leaves (`/exit` or
 * Ctrl+C): a running prompt is interrupted and stored first, then the session and the sandbox
 * are released.
 */
export async function runInteractive(args: TCliArguments, environment: TCliEnvironment): Promise<void> {
  const permissions = new PermissionRequests()
  const cli = await startCliSession(args, environment, permissions.handler)
  const transcript = openingTranscript(cli, args.resume !== undefined || args.continueLatest)
  const pending = new PendingWork()
  const instance = render(<App cli={cli} permissions={permissions} transcript={transcript} pending={pending} />, { exitOnCtrlC: true })
  try {
    await instance.waitUntilExit()
  } finally {
    cli.session.abort()
    await pending.whenIdle()
    await cli.session.dispose()
    await cli.workspace.sandbox.dispose?.()
  }
  process.stdout.write(`Session ${cli.session.getSessionId()} is stored; continue it with: robota --resume ${cli.session.getSessionId()}\n`)
}

function openingTranscript(cli: TCliSession, resumed: boolean): SessionTranscript {
  const { session, workspace, provider } = cli
  const transcript = new SessionTranscript(session)
  const info = (text: string) => transcript.add({ kind: 'notice', text, tone: 'info' })
  const files = workspace.copied.files.size
  info(
    `Robota · ${provider.definition.displayName ?? provider.definition.type} · ${files} ${files === 1 ? 'file' : 'files'} of ${workspace.hostDirectory} ` +
      `copied to the ${workspace.sandbox.kind} sandbox at ${workspace.workspaceRoot}; changes stay there until /sync.`
  )
  for (const problem of [...workspace.problems, ...session.getWarnings()]) transcript.add({ kind: 'notice', text: problem, tone: 'warning' })
  if (resumed) {
    transcript.showEarlierConversation(session.getFullHistory())
    info(`Resumed session ${session.getSessionId()}.`)
  }
  return transcript
}
