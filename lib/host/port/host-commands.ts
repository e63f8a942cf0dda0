import type { ICommand } from '../../session/commands/command-types.ts'

/** What a slash command did, as plain data: words for people, and command-specific data. */
export type TCommandOutcome = {
  /** The command's name without the slash (`help`, a skill's name). */
  command: string
  success: boolean
  message: string
  /** Set when the command was a skill: it ran as a turn, whose messages are in the conversation. */
  skill?: boolean
  data?: Record<string, unknown>
}

/** A session's slash commands and skills. */
export interface IHostCommands {
  /** The session's slash commands: built-in ones, then skills read from its sandbox's workspace. */
  listCommands(sessionId: string): Promise<ICommand[]>
  /**
   * Runs one slash command line such as `/compact keep test names` or `/review src`. An unknown
   * command is a failed outcome naming it; a skill runs as a turn of the session.
   */
  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome>
}
