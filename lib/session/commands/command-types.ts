import type { IContextWindowState } from '../../core/context/estimation.ts'
import type { TRunUsage } from '../../core/execution/run-execution.ts'
import type { TPermissionMode } from '../../permissions/index.ts'
import type { TCompactionOutcome } from '../compaction/compaction-types.ts'

/** Where a command comes from. */
export type TCommandOrigin = 'builtin' | 'skill' | 'plugin'

/** A command as a palette or autocomplete lists it. */
export type ICommand = {
  name: string
  description: string
  origin: TCommandOrigin
  /** What to type after the name, such as `<model-id>`. */
  argumentHint?: string
  /** Choices for the argument (modes, models, languages). */
  subcommands?: ICommand[]
}

/** A provider of commands; `CommandRegistry` aggregates several. */
export interface ICommandSource {
  /** A label for the source, such as `builtin` or `skills`. */
  readonly name: string
  /** The commands known now; a source that reads files returns what its last `refresh` found. */
  getCommands(): ICommand[]
  /** Re-reads whatever the source is built from. */
  refresh?(): Promise<void>
}

/** What a command did, in words for people and as data for the caller. */
export type ICommandResult = {
  message: string
  success: boolean
  /** Command-specific data; signals the caller acts on (`resetRequested`, `triggerResumePicker`). */
  data?: Record<string, unknown>
}

/** What a system command may ask of the session it runs in. */
export interface ICommandHost {
  /** Every command the session offers, as name and description. */
  listCommands(): Array<{ name: string; description: string }>
  getSessionId(): string
  getMessageCount(): number
  getUsage(): TRunUsage
  getContextState(): IContextWindowState
  getPermissionMode(): TPermissionMode
  setPermissionMode(mode: TPermissionMode): void
  /** Patterns the user allowed for the rest of the session. */
  getSessionRules(): string[]
  clearHistory(): Promise<void>
  compact(instructions?: string): Promise<TCompactionOutcome>
  getModel(): string
  setModel(model: string): void
  getLanguage(): string | undefined
  setLanguage(language: string): void
  getName(): string
  setName(name: string): Promise<void>
}

/** One built-in command: a name, what it does, and how. */
export type ISystemCommand = {
  name: string
  description: string
  argumentHint?: string
  execute(host: ICommandHost, args: string): Promise<ICommandResult> | ICommandResult
}
