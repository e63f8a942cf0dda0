// An app's worker with a misspelt option, as a JavaScript app (no type check) could ship it.
import { exposeAgentHost } from 'robota/worker'
import { playgroundAgentOptions } from '../../../playground/worker/playground-agent.ts'

exposeAgentHost({ ...playgroundAgentOptions(), store: { databaseName: 'robota-worker-start-failure' }, systemMessage: 'Answer in French.' } as never)
