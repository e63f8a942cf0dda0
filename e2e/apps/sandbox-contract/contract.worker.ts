// Runs the sandbox contract suite and the workspace-manifest suite, unchanged, against
// E2BSandboxClient inside this worker: the real `e2b` SDK reaches the fake E2B service (and the
// manifest's web and git servers) over fetch, across origins.
import { createE2BSandboxClient } from '../../../sandbox/e2b/create-e2b-sandbox-client.ts'
import { describeSandboxClient } from '../../../sandbox/sandbox-client.contract.ts'
import { describeWorkspaceManifest } from '../../../sandbox/workspace/workspace-manifest.contract.ts'
import type { TWorkspaceManifestServers } from '../../../sandbox/workspace/workspace-manifest-web.fixtures.ts'
import { describe, expect, it } from 'vitest'
import { countRegisteredTests, runRegisteredTests } from './browser-test-runner.ts'

/** What the page hands the worker: where the services its test process started listen. */
export type TContractSettings = {
  connection: { apiKey: string; apiUrl: string; sandboxUrl: string }
  servers: Omit<TWorkspaceManifestServers, 'close'>
}

const name = 'E2BSandboxClient through the e2b SDK in a worker'

self.addEventListener(
  'message',
  (event: MessageEvent<TContractSettings>) => {
    const { connection, servers } = event.data
    describeSandboxClient(name, async (files, options) => {
      // Seeded through the SDK itself, so the files are there before the client under test exists.
      const { Sandbox } = await import('e2b')
      const sandbox = await Sandbox.create(connection)
      for (const [path, content] of Object.entries(files)) await sandbox.files.write(path, content)
      return createE2BSandboxClient({ ...connection, ...options, sandbox })
    })
    describeWorkspaceManifest(name, () => createE2BSandboxClient(connection), async () => ({ ...servers, close: async () => undefined }))
    describe('the e2b SDK in a worker', () => {
      it("streams a command's output to onStdout and onStderr over envd's server stream, joining split characters", async () => {
        const { Sandbox } = await import('e2b')
        const sandbox = await Sandbox.create(connection)
        const long = 'é'.repeat(40_000)
        await sandbox.files.write('long.txt', long)
        const stdout: string[] = []
        const stderr: string[] = []
        const result = await sandbox.commands.run('cat long.txt; echo warn >&2', {
          onStdout: (text) => void stdout.push(text),
          onStderr: (text) => void stderr.push(text)
        })
        expect(stdout.length).toBeGreaterThan(1)
        expect(stdout.join('')).toBe(long)
        expect(stderr).toEqual(['warn\n'])
        expect(result.stdout).toBe(long)
        await sandbox.kill()
      })
    })
    self.postMessage({ type: 'registered', count: countRegisteredTests() })
    void runRegisteredTests((result) => self.postMessage({ type: 'result', result })).then(() => self.postMessage({ type: 'done' }))
  },
  { once: true }
)
