import * as Comlink from 'comlink'
import { afterEach, describe, it } from 'vitest'
import type { IAgentHost } from '../lib/host/agent-host.ts'
import { AGENT_HOST_CONTRACT } from '../lib/host/agent-host.contract.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { AgentWorkerSupervisor } from './agent-worker-supervisor.ts'
import { createSupervisedClient } from './create-agent-client.ts'
import { createPlaygroundHost } from '../playground/worker/playground-agent.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { answerHeartbeats } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'

// The host contract over every implementation this side of a browser; the worker client over a
// real worker in Chromium runs the same cases in e2e/agent-host-contract.spec.ts.
const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

const playgroundHost = (store = new MemorySessionStore()) => createPlaygroundHost({ store, demoDeltaDelayMs: 0, eventIntervalMs: 1 })

const implementations: Array<[string, () => IAgentHost]> = [
  ['in-thread host (LocalAgentHost)', () => playgroundHost()],
  [
    'multi-tab host',
    () => {
      const store = new MemorySessionStore()
      const broadcast = new BroadcastChannel(`robota-contract-${Math.random()}`)
      closers.push(() => broadcast.close())
      return new MultiTabAgentHost({ host: playgroundHost(store), store, locks: createInProcessSessionLocks(), broadcast })
    }
  ],
  [
    'page client over comlink (the worker client, over a MessageChannel)',
    () => {
      registerErrorTransfer()
      registerHostEventTransfer()
      const channel = new MessageChannel()
      Comlink.expose(playgroundHost(), channel.port1)
      answerHeartbeats(channel.port1)
      const client = createSupervisedClient(
        new AgentWorkerSupervisor({
          startWorker: () => ({ endpoint: channel.port2, onError: () => undefined, close: () => channel.port1.close() }),
          heartbeat: false,
          maxRestarts: 0
        })
      )
      closers.push(() => client.terminate())
      return client
    }
  ]
]

describe.each(implementations)('the agent host contract: %s', (_name, makeHost) => {
  it.each(AGENT_HOST_CONTRACT.map((contractCase) => [contractCase.name, contractCase] as const))('%s', async (_caseName, contractCase) => {
    await contractCase.run(makeHost())
  })
})
