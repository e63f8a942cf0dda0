import type { TPermissionMode } from '../permissions/index.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TCommandOutcome, THostEvent, TProviderChoice, TTurnResult } from './agent-host.ts'
import type { ICommand } from '../session/commands/command-types.ts'
import { listHostCommands, parseCommandLine, runHostCommand } from './host-commands.ts'
import type { HostedSession } from './hosted-session.ts'
import type { SessionAgents } from './session-agents.ts'

/** What the command side of a host works through: its agents, sessions and turn bookkeeping. */
export type THostSessionCommandPorts = {
  agents: SessionAgents
  loadRecord(sessionId: string): Promise<TSessionRecord>
  liveSession(record: TSessionRecord): Promise<HostedSession>
  /** The session when it is open and started, without reading or starting it. */
  currentSession(sessionId: string): Promise<HostedSession | undefined>
  /** Marks the session busy (refusing turns and other commands) and returns the signal `abort` fires. @throws when it is busy. */
  begin(sessionId: string): AbortSignal
  /** Marks the session idle again and delivers what is batched. */
  end(sessionId: string): Promise<void>
  /** For notices the page must see at once. */
  publishNow(event: THostEvent): void
  /** Keeps a mode `/mode` chose for the session beyond its live session. */
  rememberPermissionMode(sessionId: string, mode: TPermissionMode): void
  /** Switches the provider without the idle check: the command holds the session busy. */
  setProvider(sessionId: string, choice: TProviderChoice): Promise<unknown>
  rename(sessionId: string, name: string): Promise<unknown>
  submit(sessionId: string, prompt: string): Promise<TTurnResult>
}

/**
 * A host's slash commands: listing (built-ins, then the skills of the session's own sandbox) and
 * running a command line against the session's SDK session, announced to the page when done.
 */
export class HostSessionCommands {
  constructor(private readonly ports: THostSessionCommandPorts) {}

  async list(sessionId: string): Promise<ICommand[]> {
    return listHostCommands(await this.ports.liveSession(await this.ports.loadRecord(sessionId)))
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
      const hosted = await ports.liveSession(record)
      const outcome = await runHostCommand(line, {
        record,
        hosted,
        clearHistory: async () => hosted.clearHistory(await ports.loadRecord(sessionId)),
        compact: async (instructions) => hosted.compact(await ports.loadRecord(sessionId), instructions, signal),
        setModel: async (model) => {
          await ports.setProvider(sessionId, { ...agents.choiceFor(await ports.loadRecord(sessionId)), model: model.trim() })
        },
        rename: async (name) => {
          await ports.rename(sessionId, name)
        },
        rememberPermissionMode: (mode) => ports.rememberPermissionMode(sessionId, mode),
        rememberLanguage: (language) => agents.setLanguage(sessionId, language),
        submit: async (prompt) => {
          await release()
          return ports.submit(sessionId, prompt)
        }
      })
      // The meter moves with what the command did (a compaction, a clear, another model's window),
      // rebuilt session included; a session deleted meanwhile has no meter to move.
      const current = await ports.currentSession(sessionId)
      current?.announceContext()
      ports.publishNow({ kind: 'command_finished', sessionId, outcome })
      return outcome
    } finally {
      await release()
    }
  }
}
