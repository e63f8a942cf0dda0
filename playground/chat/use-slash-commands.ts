import { useCallback, useState } from 'react'
import type { IAgentHost, TCommandOutcome } from '../../lib/host/agent-host.ts'
import type { ICommand } from '../../lib/session/commands/command-types.ts'
import type { TCommandLogEntry } from './command-log.tsx'
import { describeError } from '../../worker/react/describe-error.ts'
import { useRestoredCopy } from './use-restored-copy.ts'

/** The session's commands for the prompt's list, and a runner that logs what each answered. */
export type TSlashCommands = {
  entries: TCommandLogEntry[]
  loadCommands: () => Promise<ICommand[]>
  /** Runs a command line and logs its answer; resolves with the outcome, or `undefined` when it failed. */
  run: (line: string) => Promise<TCommandOutcome | undefined>
  /** Lets go of the answers shown, once the conversation has moved on past them. */
  clear: () => void
}

let nextEntryId = 1

// Loads apart from the page's first script: a restored log shows only once its session is open.
const commandLogStorage = () => import('./command-log-storage.ts')

/**
 * Slash commands of the open session; each session keeps its own log, which outlives a reload of
 * the tab (it is kept in the tab's session storage, as the conversation is kept in the store). A
 * `/clear` that succeeds leaves its own answer alone in the log.
 */
export function useSlashCommands(host: IAgentHost, sessionId: string | undefined): TSlashCommands {
  const [logs, setLogs] = useState<Record<string, TCommandLogEntry[]>>({})
  useRestoredCopy(
    commandLogStorage,
    ({ loadCommandLogs }) => {
      const restored = loadCommandLogs()
      nextEntryId = Math.max(nextEntryId, ...Object.values(restored).flat().map((entry) => entry.id + 1))
      setLogs((current) => ({ ...restored, ...current }))
    },
    ({ saveCommandLogs }, kept) => saveCommandLogs(kept),
    logs
  )

  const loadCommands = useCallback(async () => (sessionId ? host.listCommands(sessionId) : []), [host, sessionId])

  const run = useCallback(
    async (line: string): Promise<TCommandOutcome | undefined> => {
      if (!sessionId) return undefined
      const id = nextEntryId++
      const put = (entry: TCommandLogEntry) =>
        setLogs((current) => {
          const entries = current[sessionId] ?? []
          const index = entries.findIndex((existing) => existing.id === id)
          const next = index === -1 ? [...entries, entry] : entries.map((existing) => (existing.id === id ? entry : existing))
          return { ...current, [sessionId]: startsOver(entry) ? [entry] : next }
        })
      put({ id, line, state: 'running' })
      try {
        const outcome = await host.executeCommand(sessionId, line)
        put({ id, line, state: 'done', outcome })
        return outcome
      } catch (error) {
        put({ id, line, state: 'failed', message: describeError(error) })
        return undefined
      }
    },
    [host, sessionId]
  )

  const clear = useCallback(() => {
    if (sessionId) setLogs((current) => ({ ...current, [sessionId]: [] }))
  }, [sessionId])

  return { entries: (sessionId && logs[sessionId]) || [], loadCommands, run, clear }
}

// `/clear` empties the conversation: what commands answered about it before no longer holds.
function startsOver(entry: TCommandLogEntry): boolean {
  return entry.state === 'done' && entry.outcome.success && entry.outcome.command === 'clear'
}
