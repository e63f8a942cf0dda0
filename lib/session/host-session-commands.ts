import type { TPermissionMode } from '../permissions/index.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { TCommandOutcome, THostEvent, TProviderChoice, TTurnResult } from './agent-host.ts'
import type { ICommand } from './commands/command-types.ts'
import type { TCompactionOutcome, TCompactionTrigger } from './compaction/compaction-types.ts'
import { compactHostSession, needsAutoCompaction } from './host-compaction.ts'
import { listHostCommands, parseCommandLine, runHostCommand } from './host-commands.ts'
import { clearStoredHistory } from './host-history-reset.ts'
import type { TLiveSession } from './live-session.ts'
import type { SessionAgents } from './session-agents.ts'

/** What the command side of a host works through: its store, agents, sessions and turn bookkeeping. */
export type THostSessionCommandPorts = {
  store: ISessionStore
  agents: SessionAgents
  workspaceRoot: string
  /** Share of the window that triggers compaction before a turn, or `false` for never. */
  autoCompactThreshold: number | false | undefined
  loadRecord(sessionId: string): Promise<TSessionRecord>
  liveSession(record: TSessionRecord): Promise<TLiveSession>
  /** Marks the session busy (refusing turns and other commands) and returns the signal `abort` fires. @throws when it is busy. */
  begin(sessionId: string): AbortSignal
  /** Marks the session idle again and delivers what is batched. */
  end(sessionId: string): Promise<void>
  /** Batched delivery (replay events); `publishNow` for notices the page must see at once. */
  publish(event: THostEvent): void
  publishNow(event: THostEvent): void
  flush(): Promise<void>
  /** Keeps a mode `/mode` chose for the session beyond its live session. */
  rememberPermissionMode(sessionId: string, mode: TPermissionMode): void
  /** Switches the provider without the idle check: the command holds the session busy. */
  setProvider(sessionId: string, choice: TProviderChoice): Promise<unknown>
  rename(sessionId: string, name: string): Promise<unknown>
  submit(sessionId: string, prompt: string): Promise<TTurnResult>
}

/**
 * A host's slash commands and compactions: listing (built-ins, then the skills of the session's
 * own sandbox), running a command line against the stored and live session, `/compact` and
 * automatic compaction before a turn, each announced to the page while it runs.
 */
export class HostSessionCommands {
  constructor(private readonly ports: THostSessionCommandPorts) {}

  async list(sessionId: string): Promise<ICommand[]> {
    const { sandbox } = await this.ports.liveSession(await this.ports.loadRecord(sessionId))
    return listHostCommands(sandbox, this.ports.workspaceRoot)
  }

  /**
   * Runs one command line. The session counts as busy while a built-in command runs, so no turn
   * interleaves with a compaction or a clear and `abort` stops a compaction; a skill hands the
   * session to its own turn.
   */
  async execute(sessionId: string, line: string): Promise<TCommandOutcome> {
    const { ports } = this
    const { agents } = ports
    parseCommandLine(line)
    const signal = ports.begin(sessionId)
    let busy = true
    const release = async () => {
      if (!busy) return
      busy = false
      await ports.end(sessionId)
    }
    try {
      const record = await ports.loadRecord(sessionId)
      const session = await ports.liveSession(record)
      const outcome = await runHostCommand(line, {
        record,
        session,
        workspaceRoot: ports.workspaceRoot,
        systemMessage: agents.systemMessage(sessionId),
        language: agents.getLanguage(sessionId),
        clearHistory: async () => {
          const cleared = await clearStoredHistory(ports.store, await ports.loadRecord(sessionId), (event) => ports.publish(event))
          await ports.flush()
          await agents.rebuild(cleared, session)
        },
        compact: async (instructions) => this.compact(await ports.loadRecord(sessionId), session, 'manual', instructions, signal),
        setModel: async (model) => {
          await ports.setProvider(sessionId, { ...agents.choiceFor(await ports.loadRecord(sessionId)), model: model.trim() })
        },
        setLanguage: async (language) => {
          agents.setLanguage(sessionId, language)
          await agents.rebuild(await ports.loadRecord(sessionId), session)
        },
        rename: async (name) => {
          await ports.rename(sessionId, name)
        },
        rememberPermissionMode: (mode) => ports.rememberPermissionMode(sessionId, mode),
        submit: async (prompt) => {
          await release()
          return ports.submit(sessionId, prompt)
        }
      })
      ports.publishNow({ kind: 'command_finished', sessionId, outcome })
      return outcome
    } finally {
      await release()
    }
  }

  /**
   * Compacts before a turn when the stored conversation nearly fills the window. A failed summary
   * leaves the history as it was (the page was told); either way the returned record is what the
   * turn continues from.
   */
  async compactBeforeTurn(record: TSessionRecord, session: TLiveSession, signal: AbortSignal): Promise<TSessionRecord> {
    const { agents } = this.ports
    if (!needsAutoCompaction(record, agents.systemMessage(record.id), this.ports.autoCompactThreshold)) return record
    await this.compact(record, session, 'auto', undefined, signal).catch(() => undefined)
    const stored = await this.ports.loadRecord(record.id)
    await agents.rebuild(stored, session)
    return stored
  }

  private async compact(
    record: TSessionRecord,
    session: TLiveSession,
    trigger: TCompactionTrigger,
    instructions: string | undefined,
    signal: AbortSignal
  ): Promise<TCompactionOutcome> {
    const { ports } = this
    const compaction = compactHostSession({
      store: ports.store,
      record,
      session,
      provider: await ports.agents.providerFor(record),
      systemMessage: ports.agents.systemMessage(record.id),
      trigger,
      ...(instructions ? { instructions } : {}),
      signal,
      publish: (event) => (event.kind === 'replay' ? ports.publish(event) : ports.publishNow(event))
    }).catch(async (error: unknown) => {
      // A failed summary call is stored too; the agent must number its next events after it.
      await ports.agents.rebuild(await ports.loadRecord(record.id), session).catch(() => undefined)
      throw error
    })
    const { outcome, record: stored } = await compaction
    await ports.agents.rebuild(stored, session)
    return outcome
  }
}
