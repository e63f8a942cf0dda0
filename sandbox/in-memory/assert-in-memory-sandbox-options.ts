import { assertKnownSandboxOptions, describeSandboxValue, invalidSandboxOptions, optionNamesOf } from '../assert-known-sandbox-options.ts'
import type { IInMemorySandboxClientOptions } from './in-memory-sandbox-client.ts'
import { isSandboxPathWithin, resolveCwdOption, resolveSandboxPath } from './sandbox-path.ts'

const WHERE = 'new InMemorySandboxClient(options)'

// Every option the client reads: another key is a typo (`file` for `files`).
const OPTION_NAMES = optionNamesOf<IInMemorySandboxClientOptions>()(['files', 'cwd', 'env', 'executionLimits', 'allowedUrlPrefixes', 'maxOutputBytes', 'defenseInDepth'])

/**
 * Checks the options of an in-memory sandbox, which apps often write without types: an unknown
 * option, a value of the wrong type or seed files of the wrong shape are named here rather than
 * ignored, seeded as `0` or failing on first use, and so is a relative seed path that does not
 * name a file below `cwd`.
 *
 * @param where names the call and the options' place in it, for options an app gave elsewhere
 *   (`exposeAgentHost(options): workspace.`, whose `files` seed each session's sandbox).
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the option and what it takes.
 */
export function assertInMemorySandboxOptions(options: unknown, where = `${WHERE}: `): asserts options is IInMemorySandboxClientOptions {
  assertKnownSandboxOptions(WHERE, options, OPTION_NAMES)
  const { files, cwd: givenCwd, env, maxOutputBytes, allowedUrlPrefixes } = options as Record<keyof IInMemorySandboxClientOptions, unknown>
  const cwd = resolveCwdOption(where, givenCwd, '/workspace')
  if (env !== undefined) assertStringEntries(where, 'env', env)
  if (allowedUrlPrefixes !== undefined) assertStringEntries(where, 'allowedUrlPrefixes', allowedUrlPrefixes)
  if (maxOutputBytes !== undefined && !(Number.isInteger(maxOutputBytes) && (maxOutputBytes as number) > 0)) {
    throw invalidSandboxOptions(`${where}maxOutputBytes must be a whole number of bytes, 1 or more; got ${typeof maxOutputBytes === 'number' ? maxOutputBytes : describeSandboxValue(maxOutputBytes)}.`)
  }
  if (files === undefined) return
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw invalidSandboxOptions(`${where}files must map each path to its content; got ${describeSandboxValue(files)}.`)
  }
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

// As `run` refuses them: a variable that is no string would be empty in every command, and a
// prefix given as one string would be spread into its characters.
function assertStringEntries(where: string, option: 'env' | 'allowedUrlPrefixes', value: unknown): void {
  const isEnv = option === 'env'
  if (typeof value !== 'object' || value === null || Array.isArray(value) === isEnv) {
    throw invalidSandboxOptions(`${where}${option} must ${isEnv ? 'map each variable to a string' : 'be an array of strings'}; got ${describeSandboxValue(value)}.`)
  }
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidSandboxOptions(`${where}${option}[${isEnv ? JSON.stringify(key) : key}] must be a string; got ${describeSandboxValue(entry)}.`)
  }
}
