import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../lib/core/errors.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { AgentWorkerSupervisor } from './agent-worker-supervisor.ts'
import { createSupervisedClient, toWorkerHandle } from './create-agent-client.ts'
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

describe('the page’s handle on a worker whose host cannot be built', () => {
  const errorEvent = (message: string) => Object.assign(new Event('error', { cancelable: true }), { message })

  it('marks the error event handled when it is the start failure calls reject with, and no other', () => {
    const worker = Object.assign(new EventTarget(), { postMessage: () => undefined, terminate: () => undefined }) as unknown as Worker
    const heard: string[] = []
    toWorkerHandle(worker).onError((message) => heard.push(message))
    const refused = errorEvent('Uncaught ConfigurationError: The agent worker could not start: exposeAgentHost(options): unknown option "systemMessage"')
    const other = errorEvent('Uncaught TypeError: x is not a function')
    worker.dispatchEvent(refused)
    worker.dispatchEvent(other)
    // Unmarked, the browser reports it to the page as well (window `error`, an error tracker).
    expect(refused.defaultPrevented).toBe(true)
    // A callback's uncaught error may leave the worker running; it stays the app's to see.
    expect(other.defaultPrevented).toBe(false)
  })
})
