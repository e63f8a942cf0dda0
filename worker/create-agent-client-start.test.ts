import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAgentClient, type IAgentClient } from './create-agent-client.ts'

let client: IAgentClient | undefined

afterEach(() => {
  client?.terminate()
  vi.unstubAllGlobals()
})

/** A stand-in for `new Worker(…)`: the page side of a channel whose other side never answers. */
function silentWorker(): Worker {
  const { port1 } = new MessageChannel()
  return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker
}

describe('when createAgentClient starts the worker', () => {
  it('starts nothing where there is no document (a page rendered on a server) until the first call', async () => {
    let started = 0
    client = createAgentClient(() => {
      started++
      // What `new Worker(…)` throws where there is none, as in Node.
      throw new ReferenceError('Worker is not defined')
    })
    expect(started).toBe(0)
    await expect(client.listSessions()).rejects.toThrow(new ReferenceError('Worker is not defined'))
    expect(started).toBe(1)
  })

  it('starts the worker at once in a page, before any call, so it loads while the app starts', () => {
    vi.stubGlobal('document', { baseURI: 'http://localhost/' })
    let started = 0
    client = createAgentClient({
      createWorker: () => {
        started++
        return silentWorker()
      },
      heartbeat: false
    })
    expect(started).toBe(1)
  })
})
