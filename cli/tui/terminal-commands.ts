import type { TCommandChoice } from './command-suggestions.ts'

/** The commands the terminal client answers itself, beside the session's own. */
export const TERMINAL_COMMANDS: readonly TCommandChoice[] = [
  { name: 'sync', description: 'Show what changed in the sandbox copy and write it back to this directory' },
  { name: 'export', description: 'Write this session\'s replay log as JSONL (the playground imports it)' },
  { name: 'exit', description: 'Leave' }
]

/** Names that leave the client. */
export const EXIT_COMMAND_NAMES: readonly string[] = ['exit', 'quit']
