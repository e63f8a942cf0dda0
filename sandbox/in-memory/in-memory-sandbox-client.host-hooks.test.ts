import { execFile } from 'node:child_process'
import { createHook } from 'node:async_hooks'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from './in-memory-sandbox-client.ts'
import type { TInMemoryDefenseInDepth } from './defense-in-depth.ts'

// A host's async hooks run inside every command, in the command's async context, and an exception
// thrown in an async hook ends the Node process. So each host below is a child process of its own.

const ROOT = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)

// The child installs one hook, then runs one command in a client and prints its result.
const HOST_SCRIPT = `
import { createHook } from 'node:async_hooks'
import { InMemorySandboxClient } from './sandbox/in-memory/in-memory-sandbox-client.ts'

const HOOKS: Record<string, (asyncId: number, type: string, triggerAsyncId: number, resource: object) => void> = {
  // React's development builds, as next dev serves them, note where and when each resource began.
  'react-development': (_asyncId, _type, _triggerAsyncId, resource) => {
    const prepare = Error.prepareStackTrace
    Error.prepareStackTrace = (_error, frames) => frames
    void { resource: new WeakRef(resource), stack: new Error().stack, start: performance.now() }
    Error.prepareStackTrace = prepare
  },
  'performance.now': () => void performance.now(),
  'process.hrtime': () => void process.hrtime(),
  'process.memoryUsage': () => void process.memoryUsage(),
  'Date.now': () => void Date.now()
}

const [hook, defenseInDepth] = process.argv.slice(2)
createHook({ init: HOOKS[hook ?? ''] }).enable()
const client = new InMemorySandboxClient({ files: { 'a.txt': 'hi\\n' }, ...(defenseInDepth === undefined ? {} : { defenseInDepth: JSON.parse(defenseInDepth) }) })
console.log(JSON.stringify(await client.run('cat a.txt | tr a-z A-Z; echo "$(ls)"')))
`

type THostRun = { exitCode: number; stdout: string; stderr: string }

let directory = ''
let host = ''

beforeAll(async () => {
  // Under node_modules, so that the packages left out of the bundle resolve from there.
  const cache = join(ROOT, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  directory = mkdtempSync(join(cache, 'robota-host-hooks-'))
  host = join(directory, 'host.mjs')
  await build({
    stdin: { contents: HOST_SCRIPT, resolveDir: ROOT, sourcefile: 'host.ts', loader: 'ts' },
    outfile: host,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning'
  })
}, 30_000)

afterAll(() => rmSync(directory, { recursive: true, force: true }))

async function runHost(hook: string, defenseInDepth?: TInMemoryDefenseInDepth): Promise<THostRun> {
  const args = [host, hook, ...(defenseInDepth === undefined ? [] : [JSON.stringify(defenseInDepth)])]
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, timeout: 20_000 })
    return { exitCode: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const HOST_HOOKS = [
  { hook: 'react-development', what: "records what React's development builds record: a WeakRef, a stack, performance.now()" },
  { hook: 'performance.now', what: 'reads performance.now()' },
  { hook: 'process.hrtime', what: 'reads process.hrtime()' },
  { hook: 'process.memoryUsage', what: 'reads process.memoryUsage()' },
  { hook: 'Date.now', what: 'reads Date.now()' }
]

describe.concurrent('a command in a Node host whose async hooks instrument everything', () => {
  for (const { hook, what } of HOST_HOOKS) {
    it(`runs, and the host lives on, under a hook that ${what}`, async () => {
      const { exitCode, stdout, stderr } = await runHost(hook)
      expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' })
      expect(JSON.parse(stdout)).toEqual({ stdout: 'HI\na.txt\n', stderr: '', exitCode: 0 })
    }, 30_000)
  }

  it("passes the option to just-bash as given: `true`, all of just-bash's protection, blocks the clock inside the hook, which ends the host", async () => {
    const { exitCode, stderr } = await runHost('performance.now', true)
    expect(exitCode).not.toBe(0)
    expect(stderr).toContain('globalThis.performance.now is blocked during script execution')
  }, 30_000)
})

/** Runs `command` while a hook, in every async context the command makes, tries each probe; returns the violation types just-bash raised. */
async function blockedDuring(client: InMemorySandboxClient, probes: Record<string, () => unknown>): Promise<string[]> {
  const blocked = new Set<string>()
  const hook = createHook({
    init() {
      for (const [name, probe] of Object.entries(probes)) {
        try {
          probe()
        } catch (error) {
          const type = (error as { violation?: { type?: string } }).violation?.type
          if (type !== undefined) blocked.add(`${name}: ${type}`)
        }
      }
    }
  })
  hook.enable()
  try {
    await client.run('echo hi | cat')
  } finally {
    hook.disable()
  }
  return [...blocked].sort()
}

const PROBES = {
  'the host environment': () => process.env.ROBOTA_HOST_SECRET,
  'the Function constructor': () => Function('return 1'),
  'the clock': () => performance.now()
}

describe('defense-in-depth by default', () => {
  it('still blocks the host environment and code execution inside a command, and lets the clock through', async () => {
    expect(await blockedDuring(new InMemorySandboxClient(), PROBES)).toEqual(['the Function constructor: function_constructor', 'the host environment: process_env'])
  })

  it('is off with `defenseInDepth: false`', async () => {
    expect(await blockedDuring(new InMemorySandboxClient({ defenseInDepth: false }), PROBES)).toEqual([])
  })
})
