import * as Comlink from 'comlink'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { ValidationError } from '../lib/core/errors.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../playground/worker/playground-agent.ts'
import { AgentWorkerSupervisor } from './agent-worker-supervisor.ts'
import { createSupervisedClient, type IAgentClient } from './create-agent-client.ts'
import { registerErrorTransfer } from './error-transfer.ts'

let client: IAgentClient | undefined
afterEach(() => client?.terminate())

// The page client over a real MessageChannel: its arguments are structured-cloned as a worker's are.
function connect(): IAgentClient {
  registerErrorTransfer()
  const channel = new MessageChannel()
  Comlink.expose(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0 }), channel.port1)
  client = createSupervisedClient(
    new AgentWorkerSupervisor({ startWorker: () => ({ endpoint: channel.port2, onError: () => undefined, close: () => channel.port1.close() }), heartbeat: false, maxRestarts: 0 })
  )
  return client
}

describe('a call whose arguments cannot reach the worker as they are', () => {
  it('refuses a zod schema as the output schema before sending it, saying what to pass', async () => {
    const agent = connect()
    const session = await agent.createSession()
    const schema = z.object({ answer: z.string() })

    // Cloned, the schema would arrive as { def, type: 'object' }: data that passes for JSON Schema.
    const error = await agent.submit(session.id, 'Answer', { output: { schema: schema as never } }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).message).toBe('submit(): options.output.schema is a zod schema, not JSON Schema (plain data): pass z.toJSONSchema(schema).')
    expect((await agent.openSession(session.id)).messages).toEqual([])
  })

  it('names the method and what to send when an argument holds a function, not the clone error alone', async () => {
    const agent = connect()
    const session = await agent.createSession()

    const error = await agent.renameSession(session.id, { toString: () => 'Sums' } as never).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).message).toMatch(/^renameSession\(\): its arguments must be plain data to reach the agent worker, .*: .*could not be cloned/)
    expect((error as ValidationError).cause).toMatchObject({ name: 'DataCloneError' })
    expect((await agent.listSessions()).sessions.map((listed) => listed.name)).toEqual([session.name])
  })
})
