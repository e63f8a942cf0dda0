import { assertKnownSandboxOptions, describeSandboxValue, invalidSandboxOptions, optionNamesOf } from '../assert-known-sandbox-options.ts'
import type { IInMemorySandboxClientOptions } from './in-memory-sandbox-client.ts'
import { isSandboxPathWithin, resolveSandboxPath } from './sandbox-path.ts'

const WHERE = 'new InMemorySandboxClient(options)'

// Every option the client reads: another key is a typo (`file` for `files`).
const OPTION_NAMES = optionNamesOf<IInMemorySandboxClientOptions>()(['files', 'cwd', 'env', 'executionLimits', 'allowedUrlPrefixes', 'maxOutputBytes', 'defenseInDepth'])

/**
 * Checks the options of an in-memory sandbox, which apps often write without types: an unknown
 * option or seed files of the wrong shape are named here rather than ignored or seeded as `0`, and
 * so is a seed path that is empty or whose `..` climbs out of `cwd` (`'../up.txt'` would land in `/`).
 *
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the option and what it takes.
 */
export function assertInMemorySandboxOptions(options: unknown): asserts options is IInMemorySandboxClientOptions {
  assertKnownSandboxOptions(WHERE, options, OPTION_NAMES)
  const { files, cwd: givenCwd } = options as IInMemorySandboxClientOptions
  if (files === undefined) return
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw invalidSandboxOptions(`${WHERE}: files must map each path to its content; got ${describeSandboxValue(files)}.`)
  }
  const cwd = typeof givenCwd === 'string' ? resolveSandboxPath('/', givenCwd) : '/workspace'
  for (const [path, content] of Object.entries(files)) {
    const problem = describeSeedPathProblem(path, cwd)
    if (problem !== undefined) throw invalidSandboxOptions(`${WHERE}: files[${JSON.stringify(path)}] ${problem}.`)
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw invalidSandboxOptions(`${WHERE}: files[${JSON.stringify(path)}] must be a string or a Uint8Array; got ${describeSandboxValue(content)}.`)
    }
  }
}

function describeSeedPathProblem(path: string, cwd: string): string | undefined {
  if (path.length === 0) return 'has an empty path'
  if (path.includes('\0')) return 'has a NUL character in its path'
  if (path.startsWith('/') || isSandboxPathWithin(resolveSandboxPath(cwd, path), cwd)) return undefined
  return `climbs out of ${cwd}; write the absolute path to seed a file there`
}
