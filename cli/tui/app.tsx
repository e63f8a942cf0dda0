import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Box, Static, Text, useApp, useInput } from 'ink'
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { isChatEntry, type IHistoryEntry } from '../../lib/core/history.ts'
import { exportSessionReplay } from '../export-session-replay.ts'
import type { TCliSession } from '../start-cli-session.ts'
import { applyWorkspaceSync } from '../workspace/apply-workspace-sync.ts'
import { planWorkspaceSync, type TWorkspaceSyncChange } from '../workspace/workspace-sync-plan.ts'
import { parseSlashCommand } from './command-suggestions.ts'
import { MarkdownText } from './markdown-text.tsx'
import { PermissionPrompt } from './permission-prompt.tsx'
import type { PermissionRequests } from './permission-requests.ts'
import { PromptInput } from './prompt-input.tsx'
import type { PendingWork } from './pending-work.ts'
import type { SessionTranscript } from './session-transcript.ts'
import { StatusLine } from './status-line.tsx'
import { SyncReview } from './sync-review.tsx'
import { EXIT_COMMAND_NAMES, TERMINAL_COMMANDS } from './terminal-commands.ts'
import { TranscriptEntry } from './transcript-entry.tsx'

/** What the terminal app runs over. */
export type TAppProps = { cli: TCliSession; permissions: PermissionRequests; transcript: SessionTranscript; pending: PendingWork }

/**
 * The interactive terminal client: the transcript (answers in Markdown, tool cards), the prompt
 * line with history and slash-command completion, permission prompts, `/sync` with its diff,
 * Esc to interrupt, and the status line.
 */
export function App({ cli, permissions, transcript, pending }: TAppProps): ReactNode {
  const { session } = cli
  const app = useApp()
  const view = useSyncExternalStore(transcript.subscribe, transcript.getView)
  const request = useSyncExternalStore(
    (listener) => permissions.subscribe(listener),
    () => permissions.current()
  )
  const [history, setHistory] = useState<string[]>(() => earlierPrompts(session.getFullHistory()))
  const [syncChanges, setSyncChanges] = useState<TWorkspaceSyncChange[] | undefined>(undefined)
  const commands = useMemo(() => [...session.listCommands(), ...TERMINAL_COMMANDS], [session])

  useInput(
    (_input, key) => {
      if (key.escape && session.isExecuting()) session.abort()
    },
    { isActive: syncChanges === undefined }
  )

  const notice = (text: string, tone: 'info' | 'warning' | 'error' = 'info') => transcript.add({ kind: 'notice', text, tone })

  const runTerminalCommand = async (name: string, args: string): Promise<boolean> => {
    if (EXIT_COMMAND_NAMES.includes(name)) {
      app.exit()
      return true
    }
    if (name === 'reset') {
      notice('The terminal keeps no settings of its own: it reads ~/.robota/settings.json and the project\'s .robota/settings.json. Edit or remove those to reset them.')
      return true
    }
    if (name === 'export') {
      const target = args ? resolve(cli.workspace.hostDirectory, args) : join(cli.store.getDirectory(), `${session.getSessionId()}.replay.jsonl`)
      await writeFile(target, await exportSessionReplay(cli.store, session.getSessionId()))
      notice(`Exported the replay log to ${target}`)
      return true
    }
    if (name === 'sync') {
      const changes = await planWorkspaceSync({
        sandbox: cli.workspace.sandbox,
        workspaceRoot: cli.workspace.workspaceRoot,
        hostDirectory: cli.workspace.hostDirectory,
        hydratedPaths: new Set(cli.workspace.copied.files.keys())
      })
      if (changes.length === 0) notice('/sync: the sandbox copy matches this directory; nothing to write.')
      else setSyncChanges(changes)
      return true
    }
    return false
  }

  const submit = (text: string) => {
    setHistory((previous) => (previous.at(-1) === text ? previous : [...previous, text]))
    const command = parseSlashCommand(text)
    if (!command) {
      transcript.add({ kind: 'user', text })
      // A session that could not start refuses each prompt with that failure: say it was not sent.
      pending.track(session.submit(text)).catch((error: unknown) => notice(`Not sent: ${error instanceof Error ? error.message : String(error)}`, 'error'))
      return
    }
    transcript.add({ kind: 'user', text })
    void pending.track((async () => {
      try {
        if (await runTerminalCommand(command.name, command.args)) return
        const result = await session.executeCommand(command.name, command.args)
        if (result === null) notice(`Unknown command /${command.name}. Type / to see the commands.`, 'warning')
        else if (result.message && !result.data?.skillName) notice(result.message, result.success ? 'info' : 'error')
        if (command.name === 'clear' && result?.success) transcript.clear()
      } catch (error) {
        notice(error instanceof Error ? error.message : String(error), 'error')
      }
    })())
  }

  const decideSync = (write: boolean) => {
    const changes = syncChanges ?? []
    setSyncChanges(undefined)
    if (!write) return notice('/sync: nothing was written.')
    void pending.track(applyWorkspaceSync(cli.workspace.hostDirectory, changes)).then(
      () => notice(`/sync: wrote ${changes.length} change${changes.length === 1 ? '' : 's'} to ${cli.workspace.hostDirectory}`),
      (error: unknown) => notice(error instanceof Error ? error.message : String(error), 'error')
    )
  }

  return (
    <Box flexDirection="column">
      <Static items={[...view.committed]}>{(item) => <TranscriptEntry key={item.id} item={item} />}</Static>
      {view.turn.map((item) => (
        <TranscriptEntry key={item.id} item={item} />
      ))}
      {view.streamingText ? (
        <Box marginLeft={2}>
          <MarkdownText text={view.streamingText} />
        </Box>
      ) : null}
      {view.running && !request ? <Text dimColor>  Working… (esc to interrupt)</Text> : null}
      {request ? (
        <PermissionPrompt key={request.toolCallId} request={request} onAnswer={(value) => permissions.answer(request.toolCallId, value)} />
      ) : null}
      {syncChanges ? <SyncReview changes={syncChanges} onDecision={decideSync} /> : null}
      <PromptInput history={history} commands={commands} isActive={!request && !syncChanges} onSubmit={submit} />
      <StatusLine
        model={session.getModel()}
        mode={session.getPermissionMode()}
        context={view.context}
        sessionId={session.getSessionId()}
        running={view.running}
      />
    </Box>
  )
}

function earlierPrompts(entries: readonly IHistoryEntry[]): string[] {
  return entries.flatMap((entry) => (isChatEntry(entry) && entry.data.role === 'user' ? [entry.data.content] : []))
}
