// The playground's agent in a worker of its own database, for the contract to run against.
import { exposeAgentHost } from 'robota/worker'
import { playgroundAgentOptions } from '../../../playground/worker/playground-agent.ts'

exposeAgentHost({ ...playgroundAgentOptions({ demoDeltaDelayMs: 0 }), store: { databaseName: 'robota-host-contract' } })
