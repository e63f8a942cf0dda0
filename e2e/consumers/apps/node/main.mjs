// A Node app: the agent loop with the app's zod tool and the in-memory sandbox, no vendor SDK installed.
import * as z from 'zod'
import { Robota, createBashTool, createZodFunctionTool } from 'robota'
import { OpenAIProvider } from 'robota/providers/openai'
import { InMemorySandboxClient } from 'robota/sandbox'
import { CalculatorModel } from '../web/calculator-model.js'

const sandbox = new InMemorySandboxClient({ files: { 'numbers.txt': '2 3\n' }, cwd: '/workspace' })
const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))
const model = new CalculatorModel()
const agent = new Robota({
  name: 'calculator',
  aiProviders: [model],
  defaultModel: { provider: model.name, model: 'calculator-1' },
  systemMessage: 'You are the calculator of the consumer app.',
  tools: [add, createBashTool({ sandbox })]
})
const result = await agent.run('Add the numbers in numbers.txt')

// The openai package is not installed: the provider imports fine, and its first call says what to install.
const openai = new OpenAIProvider({ apiKey: 'sk-unused' })
const withoutSdk = new Robota({ name: 'no-sdk', aiProviders: [openai], defaultModel: { provider: openai.name, model: 'gpt-4o-mini' } })
const failed = await withoutSdk.run('Hello')

console.log(JSON.stringify({ response: result.response, toolsExecuted: result.toolsExecuted, missingSdk: { code: failed.error?.code, message: failed.error?.message } }))
