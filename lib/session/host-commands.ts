import type { IContextWindowState } from '../core/context/estimation.ts'
import { readTokenUsageFromMessage } from '../core/context/token-usage.ts'
import { ValidationError } from '../core/errors.ts'
import type { IRunUsage } from '../core/execution/run-execution.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TCommandOutcome } from './agent-host.ts'
import { BuiltinCommandSource } from './commands/builtin-command-source.ts'
import { CommandRegistry } from './commands/command-registry.ts'
import type { ICommand, ICommandHost } from './commands/command-types.ts'
import { SkillCommandSource } from './commands/skill-command-source.ts'
import { buildSkillPrompt } from './commands/skill-prompt.ts'
import { SystemCommandExecutor } from './commands/system-command-executor.ts'
import { createSystemCommands } from './commands/system-commands.ts'
import type { TCompactionOutcome } from './compaction/compaction-types.ts'
import { ContextWindowTracker } from './context-window-tracker.ts'
import type { TLiveSession } from './live-session.ts'

/** What a host lends its commands: the session as stored and live, and the host's own actions. */
export type THostCommandPorts = {
  record: TSessionRecord
  session: TLiveSession
  workspaceRoot: string
  systemMessage: string
  language: string | undefined
  clearHistory(): Promise<void>
  compact(instructions?: string): Promise<TCompactionOutcome>
  setModel(model: string): Promise<void>
  setLanguage(language: string): Promise<void>
  rename(name: string): Promise<void>
  /** Keeps a mode chosen here beyond the live session. */
  rememberPermissionMode(mode: TPermissionMode): void
  /** Runs a prompt as a turn of the session; resolves with the answer. */
  submit(prompt: string): Promise<{ response: string; interrupted: boolean }>
}

/**
 * The session's commands: built-in ones (with subcommand choices), then the skills found in
 * the sandbox's `.claude/skills`, `.claude/commands` and `.agents/skills`, read afresh.
 */
export async function listHostCommands(sandbox: ISandboxClient, workspaceRoot: string): Promise<ICommand[]> {
  const registry = new CommandRegistry()
  registry.addSource(new BuiltinCommandSource())
  registry.addSource(new SkillCommandSource(sandbox, workspaceRoot))
  await registry.refresh()
  return registry.getCommands()
}

/** Splits `/name arguments` into its parts. @throws ValidationError when the line is no command. */
export function parseCommandLine(line: unknown): { name: string; args: string } {
  const match = typeof line === 'string' ? /^\s*\/([^\s/][^\s]*)\s*([\s\S]*)$/.exec(line) : null
  if (!match) {
    const shown = typeof line === 'string' ? `"${line.slice(0, 40)}"` : typeof line
    throw new ValidationError(`executeCommand(): a command line starts with "/" and a name, such as /help; got ${shown}.`)
  }
  return { name: match[1] as string, args: (match[2] ?? '').trim() }
}

/**
 * Runs one command line against a host's session: a built-in command, else a skill from the
 * sandbox (submitted as a turn), else a failed outcome naming the unknown command.
 */
export async function runHostCommand(line: string, ports: THostCommandPorts): Promise<TCommandOutcome> {
  const { name, args } = parseCommandLine(line)
  const commands = await listHostCommands(ports.session.sandbox, ports.workspaceRoot)
  const context = new HostCommandContext(ports, commands)
  const result = await new SystemCommandExecutor(createSystemCommands()).execute(context, name, args)
  if (result) {
    const failure = await context.settle()
    if (failure) return { command: name, success: false, message: failure }
    return { command: name, success: result.success, message: result.message, ...(result.data ? { data: toPlainData(result.data) } : {}) }
  }
  const skills = new SkillCommandSource(ports.session.sandbox, ports.workspaceRoot)
  await skills.refresh()
  const skill = skills.getSkill(name)
  if (!skill) {
    return { command: name, success: false, message: `Unknown command /${name}. Type / to see the commands and skills, or run /help.` }
  }
  const turn = await ports.submit(buildSkillPrompt(skill, args))
  const message = turn.interrupted ? `The skill ${skill.name} was interrupted.` : turn.response
  return { command: name, success: !turn.interrupted, skill: true, message, data: { skillName: skill.name, interrupted: turn.interrupted } }
}

/** The command host over a host's session; synchronous setters queue their work for `settle`. */
class HostCommandContext implements ICommandHost {
  private readonly pending: Array<Promise<void>> = []
  private readonly tracker: ContextWindowTracker
  private language: string | undefined

  constructor(
    private readonly ports: THostCommandPorts,
    private readonly commands: ICommand[]
  ) {
    this.tracker = new ContextWindowTracker({ model: ports.record.model })
    this.language = ports.language
  }

  /** Waits for queued work; the first failure's message, if any. */
  async settle(): Promise<string | undefined> {
    const results = await Promise.allSettled(this.pending)
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
    return failed ? (failed.reason instanceof Error ? failed.reason.message : String(failed.reason)) : undefined
  }

  listCommands(): Array<{ name: string; description: string }> {
    return this.commands.map(({ name, description }) => ({ name, description }))
  }

  getSessionId(): string {
    return this.ports.record.id
  }

  getMessageCount(): number {
    return this.ports.record.messages.length
  }

  getUsage(): IRunUsage {
    const total: IRunUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
    for (const message of this.ports.record.messages) {
      const usage = message.role === 'assistant' ? readTokenUsageFromMessage(message) : undefined
      if (usage) for (const key of Object.keys(total) as Array<keyof IRunUsage>) total[key] += usage[key]
    }
    return total
  }

  getContextState(): IContextWindowState {
    return this.tracker.getContextState(this.ports.record.messages, this.ports.systemMessage)
  }

  getPermissionMode(): TPermissionMode {
    return this.ports.session.enforcer.mode
  }

  setPermissionMode(mode: TPermissionMode): void {
    this.ports.session.enforcer.setMode(mode)
    this.ports.rememberPermissionMode(mode)
  }

  getSessionRules(): string[] {
    return this.ports.session.enforcer.getSessionRules()
  }

  clearHistory(): Promise<void> {
    return this.ports.clearHistory()
  }

  compact(instructions?: string): Promise<TCompactionOutcome> {
    return this.ports.compact(instructions)
  }

  getModel(): string {
    return this.ports.record.model
  }

  setModel(model: string): void {
    this.pending.push(this.ports.setModel(model))
  }

  getLanguage(): string | undefined {
    return this.language
  }

  setLanguage(language: string): void {
    this.language = language
    this.pending.push(this.ports.setLanguage(language))
  }

  getName(): string {
    return this.ports.record.name
  }

  setName(name: string): Promise<void> {
    return this.ports.rename(name)
  }
}

// Command data crosses a worker boundary: only structured-clone-safe JSON values go out.
function toPlainData(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>
}
