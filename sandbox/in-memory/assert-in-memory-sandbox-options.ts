import { SandboxError } from '../sandbox-client.ts'
import type { IInMemorySandboxClientOptions } from './in-memory-sandbox-client.ts'

const WHERE = 'new InMemorySandboxClient(options)'

// Every option the client reads: another key is a typo (`file` for `files`) that would otherwise
// be ignored without a word.
const OPTION_NAMES = ['files', 'cwd', 'env', 'executionLimits', 'allowedUrlPrefixes', 'maxOutputBytes', 'defenseInDepth'] as const satisfies ReadonlyArray<
  keyof IInMemorySandboxClientOptions
>
// Fails to compile when an option is added to IInMemorySandboxClientOptions and not to the list above.
const EVERY_OPTION_LISTED: Exclude<keyof IInMemorySandboxClientOptions, (typeof OPTION_NAMES)[number]> extends never ? true : never = true
void EVERY_OPTION_LISTED

/**
 * Checks the options of an in-memory sandbox, which apps often write without types: an unknown
 * option or seed files of the wrong shape are named here rather than ignored or seeded as `0`.
 *
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the option and what it takes.
 */
export function assertInMemorySandboxOptions(options: unknown): asserts options is IInMemorySandboxClientOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalidOptions(`${WHERE}: options must be an object; got ${describeValue(options)}.`)
  }
  const unknown = Object.keys(options).filter((key) => !(OPTION_NAMES as readonly string[]).includes(key))
  if (unknown.length > 0) {
    throw invalidOptions(`${WHERE}: unknown option ${unknown.map((key) => `"${key}"`).join(', ')}; it takes ${OPTION_NAMES.join(', ')}.`)
  }
  const { files } = options as IInMemorySandboxClientOptions
  if (files === undefined) return
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw invalidOptions(`${WHERE}: files must map each path to its content; got ${describeValue(files)}.`)
  }
  for (const [path, content] of Object.entries(files)) {
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw invalidOptions(`${WHERE}: files[${JSON.stringify(path)}] must be a string or a Uint8Array; got ${describeValue(content)}.`)
    }
  }
}

function invalidOptions(message: string): SandboxError {
  return new SandboxError('SANDBOX_INVALID_OPTIONS', message)
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}
