// The app's agent worker: its model, its zod tool, its prompt and its workspace, all in the worker.
import { exposeAgentHost } from 'robota/worker'
import { createZodFunctionTool } from 'robota'
import { OpenAIProvider } from 'robota/providers/openai'
import * as z from 'zod'
import { CalculatorModel } from './calculator-model.js'

const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))

exposeAgentHost({
  // The app does not install openai: a session that picks this provider fails its turn with a typed error.
  providers: { calculator: () => new CalculatorModel(), openai: (choice) => new OpenAIProvider({ apiKey: choice.apiKey }) },
  defaultProvider: { kind: 'calculator', model: 'calculator-1' },
  tools: [add],
  systemPrompt: 'You are the calculator of the consumer app.',
  workspace: { files: { 'numbers.txt': '2 3\n' } },
  store: { databaseName: 'consumer-app' },
  permissionMode: 'bypassPermissions'
})
