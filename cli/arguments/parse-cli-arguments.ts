import { parseArgs } from 'node:util'
import { ValidationError } from '../../lib/core/errors.ts'
import { isPermissionMode, PERMISSION_MODES } from '../../lib/permissions/permission-mode.ts'
import type { TCliArguments, TCliSandboxKind } from './cli-arguments.ts'

const SANDBOX_KINDS: readonly TCliSandboxKind[] = ['memory', 'e2b']

const OPTIONS = {
  print: { type: 'string', short: 'p' },
  provider: { type: 'string' },
  model: { type: 'string', short: 'm' },
  'base-url': { type: 'string' },
  'max-retries': { type: 'string' },
  sandbox: { type: 'string' },
  resume: { type: 'string', short: 'r' },
  continue: { type: 'boolean', short: 'c' },
  'permission-mode': { type: 'string' },
  'sessions-dir': { type: 'string' },
  name: { type: 'string' },
  export: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' }
} as const

/** The usage text `robota --help` prints. */
export const CLI_USAGE = `Usage: robota [options]

Starts an interactive session in the terminal over a copy of the current directory.

Options:
  -p, --print <prompt>        answer one prompt, print the result as JSON and exit
      --provider <name>       anthropic, openai or google (also ROBOTA_PROVIDER or settings)
  -m, --model <id>            the model (also ROBOTA_MODEL or settings)
      --base-url <url>        the provider's base URL (also <PROVIDER>_BASE_URL)
      --max-retries <n>       how often the provider retries a failed request (also settings; 2)
      --sandbox <kind>        memory (default: an in-memory copy of this directory) or e2b
  -r, --resume <id>           continue a stored session
  -c, --continue              continue the most recent session
      --permission-mode <m>   ${PERMISSION_MODES.join(', ')}
      --sessions-dir <dir>    where sessions are kept (also ROBOTA_SESSIONS_DIR; ~/.robota/sessions)
      --name <name>           the new session's name
      --export <id>           print a stored session's replay log as JSONL (the playground imports it)
  -h, --help                  this text
  -v, --version               the version

API keys come from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY) or the
settings' provider.apiKey; they are never taken from the command line.
`

/**
 * Parses the terminal client's arguments (without the node and script paths).
 * @throws ValidationError naming the option that is unknown, malformed or in conflict.
 */
export function parseCliArguments(argv: readonly string[]): TCliArguments {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>['values']
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new ValidationError(`robota: ${error instanceof Error ? error.message : String(error)}. See robota --help.`)
  }
  const sandbox = values.sandbox ?? 'memory'
  if (!(SANDBOX_KINDS as readonly string[]).includes(sandbox)) {
    throw new ValidationError(`robota: --sandbox must be ${SANDBOX_KINDS.join(' or ')}, not "${sandbox}".`)
  }
  const permissionMode = values['permission-mode']
  if (permissionMode !== undefined && !isPermissionMode(permissionMode)) {
    throw new ValidationError(`robota: --permission-mode must be one of ${PERMISSION_MODES.join(', ')}, not "${permissionMode}".`)
  }
  if (values.resume !== undefined && values.continue) throw new ValidationError('robota: --resume and --continue exclude each other.')
  if (values.print !== undefined && values.print.trim() === '') throw new ValidationError('robota: -p needs a prompt.')
  const baseURL = values['base-url']
  if (baseURL !== undefined && !/^https?:\/\/[^\s]+$/.test(baseURL)) {
    throw new ValidationError(`robota: --base-url must be an http:// or https:// URL, not "${baseURL}".`)
  }
  const maxRetries = values['max-retries']
  if (maxRetries !== undefined && !/^\d+$/.test(maxRetries)) {
    throw new ValidationError(`robota: --max-retries must be a whole number of 0 or more, not "${maxRetries}".`)
  }
  return withoutUndefined({
    print: values.print,
    provider: values.provider,
    model: values.model,
    baseURL,
    maxRetries: maxRetries === undefined ? undefined : Number(maxRetries),
    sandbox: sandbox as TCliSandboxKind,
    resume: values.resume,
    continueLatest: values.continue ?? false,
    permissionMode: permissionMode as TCliArguments['permissionMode'],
    sessionsDirectory: values['sessions-dir'],
    name: values.name,
    exportSessionId: values.export,
    help: values.help ?? false,
    version: values.version ?? false
  })
}

function withoutUndefined<TValue extends object>(value: TValue): TValue {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as TValue
}
