import { assertKnownSandboxOptions, describeSandboxValue, invalidSandboxOptions, optionNamesOf } from '../assert-known-sandbox-options.ts'
import type { IInMemorySandboxClientOptions } from './in-memory-sandbox-client.ts'
import { isSandboxPathWithin, resolveSandboxPath } from './sandbox-path.ts'

const WHERE = 'new InMemorySandboxClient(options)'

// Every option the client reads: another key is a typo (`file` for `files`).
const OPTION_NAMES = optionNamesOf<IInMemorySandboxClientOptions>()(['files', 'cwd', 'env', 'executionLimits', 'allowedUrlPrefixes', 'maxOutputBytes', 'defenseInDepth'])

/**
 * Checks the options of an in-memory sandbox, which apps often write without types: an unknown
 * option or seed files of the wrong shape are named here rather than ignored or seeded as `0`, and
 * so is a relative seed path that does not name a file below `cwd`.
 *
 * @param where names the call and the options' place in it, for options an app gave elsewhere
 *   (`exposeAgentHost(options): workspace.`, whose `files` seed each session's sandbox).
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the option and what it takes.
 */
export function assertInMemorySandboxOptions(options: unknown, where = `${WHERE}: `): asserts options is IInMemorySandboxClientOptions {
  assertKnownSandboxOptions(WHERE, options, OPTION_NAMES)
  const { files, cwd: givenCwd } = options as IInMemorySandboxClientOptions
  if (files === undefined) return
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw invalidSandboxOptions(`${where}files must map each path to its content; got ${describeSandboxValue(files)}.`)
  }
  const cwd = typeof givenCwd === 'string' ? resolveSandboxPath('/', givenCwd) : '/workspace'
  for (const [path, content] of Object.entries(files)) {
    if (!isSeedPathBelow(path, cwd)) throw invalidSandboxOptions(`${where}files[${JSON.stringify(path)}] does not name a file below ${cwd}; write an absolute path for one elsewhere.`)
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw invalidSandboxOptions(`${where}files[${JSON.stringify(path)}] must be a string or a Uint8Array; got ${describeSandboxValue(content)}.`)
    }
  }
}

// A relative seed path names a file below cwd: `'../up.txt'` would land in `/`, `''` on cwd itself.
function isSeedPathBelow(path: string, cwd: string): boolean {
  if (path.startsWith('/')) return true
  const resolved = path === '' ? cwd : resolveSandboxPath(cwd, path)
  return resolved !== cwd && isSandboxPathWithin(resolved, cwd)
}
