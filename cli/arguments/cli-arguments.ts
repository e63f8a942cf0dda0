import type { TPermissionMode } from '../../lib/permissions/index.ts'

/** Where the terminal client runs tools. */
export type TCliSandboxKind = 'memory' | 'e2b'

/** The terminal client's command line, parsed and checked. */
export type TCliArguments = {
  /** `-p <prompt>`: answer one prompt, print JSON and exit. */
  print?: string
  provider?: string
  model?: string
  baseURL?: string
  /** `--max-retries <n>`: how often the provider's SDK retries a failed request. */
  maxRetries?: number
  sandbox: TCliSandboxKind
  /** `--resume <id>`: continue that stored session. */
  resume?: string
  /** `--continue`: continue the most recently updated session. */
  continueLatest: boolean
  permissionMode?: TPermissionMode
  /** Where session files live; `ROBOTA_SESSIONS_DIR` or `~/.robota/sessions` when left out. */
  sessionsDirectory?: string
  name?: string
  /** `--export <id>`: print that session's replay log as JSONL and exit. */
  exportSessionId?: string
  help: boolean
  version: boolean
}
