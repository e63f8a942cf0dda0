import type { IContextWindowState } from '../core/context/estimation.ts'
import { readTokenUsageFromMessage } from '../core/context/token-usage.ts'
import { ValidationError } from '../core/errors.ts'
import type { TRunUsage } from '../core/execution/run-execution.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TCommandOutcome } from './agent-host.ts'
import { BuiltinCommandSource } from '../session/commands/builtin-command-source.ts'
import { CommandRegistry } from '../session/commands/command-registry.ts'
import type { ICommand, ICommandHost } from '../session/commands/command-types.ts'
import { buildSkillPrompt } from '../session/commands/skill-prompt.ts'
import { SystemCommandExecutor } from '../session/commands/system-command-executor.ts'
import { createSystemCommands } from '../session/commands/system-commands.ts'
import type { TCompactionOutcome } from '../session/compaction/compaction-types.ts'
import type { HostedSession } from './hosted-session.ts'
import type { Session } from '../session/session.ts'
import { describeError } from '../core/describe-error.ts'

/** What a host lends its commands: the session as stored and live, and the host's own actions. */
export type THostCommandPorts = {
  record: TSessionRecord
  hosted: HostedSession
  clearHistory(): Promise<void>
  compact(instructions?: string): Promise<TCompactionOutcome>
  setModel(model: string): Promise<void>
  rename(name: string): Promise<void>
  /** Keeps a mode chosen here beyond the live session. */
  rememberPermissionMode(mode: TPermissionMode): void
  /** Keeps a language chosen here beyond the live session. */
  rememberLanguage(language: string): void
  /** Runs a prompt as a turn of the session; resolves with the answer. */
  submit(prompt: string): Promise<{ response: string; interrupted: boolean }>
}

/**
 * The session's commands: built-in ones (with subcommand choices), then the skills found in
 * the sandbox's `.claude/skills`, `.claude/commands` and `.agents/skills`, read afresh.
 */
export async function listHostCommands(hosted: HostedSession): Promise<ICommand[]> {
  const registry = new CommandRegistry()
  registry.addSource(new BuiltinCommandSource())
  if (hosted.configuration.skills) registry.addSource(hosted.configuration.skills)
  registry.addSource(hosted.configuration.plugins.commands)
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
 * sandbox or a bundle plugin's command (submitted as a turn), else a failed outcome naming the unknown command.
 */
export async function runHostCommand(line: string, ports: THostCommandPorts): Promise<TCommandOutcome> {
  const { name, args } = parseCommandLine(line)
  const commands = await listHostCommands(ports.hosted)
  const context = new HostCommandContext(ports, commands)
  const result = await new SystemCommandExecutor(createSystemCommands()).execute(context, name, args)
  if (result) {
    const failure = await context.settle()
    if (failure) return { command: name, success: false, message: failure }
    return { command: name, success: result.success, message: result.message, ...(result.data ? { data: toPlainData(result.data) } : {}) }
  }
  const qualified = resolveQualifiedName(commands, name)
  const skill = ports.hosted.configuration.skills?.getSkill(qualified) ?? ports.hosted.configuration.plugins.commands.getCommand(qualified)
  if (!skill) {
    return { command: name, success: false, message: `Unknown command /${name}. Type / to see the commands and skills, or run /help.` }
  }
  const turn = await ports.submit(buildSkillPrompt(skill, args))
  const message = turn.interrupted ? `The skill ${skill.name} was interrupted.` : turn.response
  return { command: name, success: !turn.interrupted, skill: true, message, data: { skillName: skill.name, interrupted: turn.interrupted } }
}

/** The name itself when a command has it, else the one bundle command `<plugin>:<name>`. */
function resolveQualifiedName(commands: readonly ICommand[], name: string): string {
  if (commands.some((command) => command.name === name)) return name
  const qualified = commands.filter((command) => command.origin === 'plugin' && command.name.endsWith(`:${name}`))
  return qualified.length === 1 ? (qualified[0] as ICommand).name : name
}

/** The command host over a hosted session; a model switch is host work, queued for `settle`. */
class HostCommandContext implements ICommandHost {
  private readonly pending: Array<Promise<void>> = []

  constructor(
    private readonly ports: THostCommandPorts,
    private readonly commands: ICommand[]
  ) {}

  /** Waits for queued work; the first failure's message, if any. */
  async settle(): Promise<string | undefined> {
    const results = await Promise.allSettled(this.pending)
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
    return failed ? (describeError(failed.reason)) : undefined
  }

  listCommands(): Array<{ name: string; description: string }> {
    return this.commands.map(({ name, description }) => ({ name, description }))
  }

  getSessionId(): string {
    return this.ports.record.id
  }

  getMessageCount(): number {
    return this.session.getMessages().length
  }

  getUsage(): TRunUsage {
    const total: TRunUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
    for (const message of this.session.getMessages()) {
      const usage = message.role === 'assistant' ? readTokenUsageFromMessage(message) : undefined
      if (usage) for (const key of Object.keys(total) as Array<keyof TRunUsage>) total[key] += usage[key]
    }
    return total
  }

  getContextState(): IContextWindowState {
    return this.session.getContextState()
  }

  getPermissionMode(): TPermissionMode {
    return this.session.getPermissionMode()
  }

  setPermissionMode(mode: TPermissionMode): void {
    this.session.setPermissionMode(mode)
    this.ports.rememberPermissionMode(mode)
  }

  getSessionRules(): string[] {
    return this.session.getPermissionEnforcer().getSessionRules()
  }

  clearHistory(): Promise<void> {
    return this.ports.clearHistory()
  }

  compact(instructions?: string): Promise<TCompactionOutcome> {
    return this.ports.compact(instructions)
  }

  getModel(): string {
    return this.session.getModel()
  }

  setModel(model: string): void {
    this.pending.push(this.ports.setModel(model))
  }

  getLanguage(): string | undefined {
    return this.ports.hosted.language
  }

  setLanguage(language: string): void {
    this.ports.hosted.setLanguage(language)
    this.ports.rememberLanguage(language)
  }

  getName(): string {
    return this.ports.record.name
  }

  setName(name: string): Promise<void> {
    return this.ports.rename(name)
  }

  private get session(): Session {
    return this.ports.hosted.session
  }
}

// Command data crosses a worker boundary: only structured-clone-safe JSON values go out.
function toPlainData(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>
}
