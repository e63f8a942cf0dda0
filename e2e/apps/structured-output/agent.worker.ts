// The playground's agent (its vendor providers included) in a worker of its own database.
import { exposeAgentHost } from 'robota/worker'
import { playgroundAgentOptions } from '../../../playground/worker/playground-agent.ts'

exposeAgentHost({ ...playgroundAgentOptions({ demoDeltaDelayMs: 0 }), store: { databaseName: 'robota-structured-output' } })
