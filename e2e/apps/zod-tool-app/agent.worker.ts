// The app's whole agent worker: its own zod tool, system prompt, model and database.
import * as z from 'zod'
import { createZodFunctionTool } from 'robota'
import { ScriptedProvider } from 'robota/testing'
import { exposeAgentHost } from 'robota/worker'

const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))

// A scripted model stands in for a real one: it calls `add`, then answers from the tool's result.
const calculatorModel = () =>
  new ScriptedProvider([
    { text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] },
    (messages) => ({ text: `The sum is ${/"sum":\s*(\d+)/.exec(messages.at(-1)?.content ?? '')?.[1] ?? 'unknown'}.` })
  ], { name: 'calculator' })

exposeAgentHost({
  tools: [add],
  systemPrompt: 'You are the calculator of Acme Books. Use the add tool for every sum.',
  providers: { calculator: calculatorModel },
  defaultProvider: { kind: 'calculator', model: 'calculator-1' },
  // Sums change nothing, so they run without asking; anything else would wait for the page.
  permissions: { allow: ['add'] },
  store: { databaseName: 'zod-tool-app' }
})
