// An app's worker whose own code throws before it exposes the host: a tool named with a space.
import { createZodFunctionTool } from 'robota'
import { exposeAgentHost } from 'robota/worker'
import * as z from 'zod'
import { playgroundAgentOptions } from '../../../playground/worker/playground-agent.ts'

const weather = createZodFunctionTool('get weather', 'Tells the weather.', z.object({}), () => 'sunny')
exposeAgentHost({ ...playgroundAgentOptions(), store: { databaseName: 'robota-worker-start-failure' }, tools: [weather] })
