import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../lib/core/errors.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { AgentWorkerSupervisor } from './agent-worker-supervisor.ts'
import { createSupervisedClient } from './create-agent-client.ts'
import { exposeAgentHostOn } from './expose-agent-host.ts'

// Each "worker" is the worker side of a MessageChannel running exposeAgentHost's body with
// options it refuses, as an app's worker file with a misspelt option would; it answers heartbeats.
function startMisconfiguredWorkers() {
  const started: Error[] = []
  const supervisor = new AgentWorkerSupervisor({
    startWorker: () => {
      const { port1, port2 } = new MessageChannel()
      try {
        exposeAgentHostOn({ store: new MemorySessionStore(), systemMessage: 'Answer in French.' } as never, port1)
      } catch (error) {
        started.push(error as Error)
      }
      return { endpoint: port2, onError: () => undefined, close: () => (port1.close(), port2.close()) }
    },
    // Long enough that only the worker's own report can end the wait within the test's time.
    heartbeat: { intervalMs: 50, timeoutMs: 60_000 },
    maxRestarts: 5
  })
  return { client: createSupervisedClient(supervisor), started }
}

describe('a worker whose host cannot be built', () => {
  it('fails every call with the error it threw, kept as its class and code, and is not restarted', async () => {
    const { client, started } = startMisconfiguredWorkers()
    try {
      const error = await client.listSessions().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ConfigurationError)
      expect((error as ConfigurationError).code).toBe('CONFIGURATION_ERROR')
      expect((error as Error).message).toMatch(/^The agent worker could not start: /)
      expect((error as Error).message).toBe(started[0]?.message)
      expect((error as Error).message).toContain('"systemMessage"')
      const again = await client.createSession().catch((caught: unknown) => caught)
      expect(again).toBeInstanceOf(ConfigurationError)
      expect((again as Error).message).toBe((error as Error).message)
      expect(started).toHaveLength(1)
      expect(client.restarts).toBe(0)
    } finally {
      client.terminate()
    }
  })
})
