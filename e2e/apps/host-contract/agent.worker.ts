// The playground's host options in a worker of its own database, for the contract to run against.
import { playgroundAgentHostOptions } from '../../../playground/worker/playground-host.ts'
import { exposeAgentHost } from 'robota/worker'

exposeAgentHost({ ...playgroundAgentHostOptions({ demoDeltaDelayMs: 0 }), store: { databaseName: 'robota-host-contract' } })
