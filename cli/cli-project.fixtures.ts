import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { buildCliForTests, type TBuiltCli } from './terminal.fixtures.ts'

/** What a CLI test runs against: the built command, a project folder, an empty home and a provider server. */
export type TCliProject = {
  /** The `robota` command, built once for the file. */
  readonly cli: TBuiltCli
  /** The working directory the command starts in; it holds one `README.md`. */
  readonly project: string
  /** The `HOME` the command sees, empty at the start of each test. */
  readonly home: string
  /** The fake provider server of this test. */
  readonly server: TFakeLlmServer
  /** Replaces this test's server with one started with other options (a required key, say). */
  restartServer(options: Parameters<typeof startFakeLlmServer>[0]): Promise<TFakeLlmServer>
}

/**
 * Registers the hooks that build the CLI once per file and give each test a fresh project, home
 * and fake provider server, removed after it. Read the fields inside tests, not at definition time.
 */
export function useCliProject(scratchPrefix: string): TCliProject {
  let cli: TBuiltCli | undefined
  let server: TFakeLlmServer | undefined
  let scratch = ''

  beforeAll(async () => {
    cli = await buildCliForTests()
  }, 60_000)
  afterAll(() => cli?.remove())

  beforeEach(async () => {
    scratch = mkdtempSync(join(tmpdir(), scratchPrefix))
    mkdirSync(join(scratch, 'project'))
    mkdirSync(join(scratch, 'home'))
    writeFileSync(join(scratch, 'project', 'README.md'), '# Demo project\n')
    server = await startFakeLlmServer()
  })
  afterEach(async () => {
    await server?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  return {
    get cli() {
      if (!cli) throw new Error('The CLI is built in beforeAll; read it inside a test.')
      return cli
    },
    get project() {
      return join(scratch, 'project')
    },
    get home() {
      return join(scratch, 'home')
    },
    get server() {
      if (!server) throw new Error('The server starts in beforeEach; read it inside a test.')
      return server
    },
    async restartServer(options) {
      await server?.close()
      server = await startFakeLlmServer(options)
      return server
    }
  }
}
