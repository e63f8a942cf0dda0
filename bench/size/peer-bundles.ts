import type { TBundleEntry } from './bundle-size.ts'
import { BENCH_ROOT, PROJECT_ROOT } from './project-paths.ts'

// Each entry is what an app ships to run one agent with one zod tool against a hosted model,
// written the way each library's documentation shows it. Peers resolve from bench/node_modules.

/** `ai` with its Anthropic provider. */
export const AI_SDK_BUNDLE: TBundleEntry = {
  label: 'ai + @ai-sdk/anthropic + one zod tool',
  entry: {
    sourceName: 'ai-sdk-entry.ts',
    resolveDir: BENCH_ROOT,
    source: `
      import { createAnthropic } from '@ai-sdk/anthropic'
      import { generateText, stepCountIs, tool } from 'ai'
      import * as z from 'zod'
      const add = tool({ description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => ({ sum: a + b }) })
      export function ask(apiKey: string, prompt: string) {
        return generateText({ model: createAnthropic({ apiKey })('claude-sonnet-4-6'), tools: { add }, stopWhen: stepCountIs(10), prompt })
      }
    `
  }
}

/** `@openai/agents`, whose OpenAI provider is built in. */
export const OPENAI_AGENTS_BUNDLE: TBundleEntry = {
  label: '@openai/agents + one zod tool',
  entry: {
    sourceName: 'openai-agents-entry.ts',
    resolveDir: BENCH_ROOT,
    source: `
      import { Agent, run, tool } from '@openai/agents'
      import * as z from 'zod'
      const add = tool({ name: 'add', description: 'Adds two numbers', parameters: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => ({ sum: a + b }) })
      export function ask(prompt: string) {
        return run(new Agent({ name: 'helper', tools: [add] }), prompt)
      }
    `
  }
}

/** Ours with a hosted-model provider, to set beside the peers' bundles, which include theirs. */
export const ROBOTA_WITH_ANTHROPIC_BUNDLE: TBundleEntry = {
  label: 'robota + AnthropicProvider + one zod tool',
  entry: {
    sourceName: 'robota-anthropic-entry.ts',
    resolveDir: PROJECT_ROOT,
    source: `
      import * as z from 'zod'
      import { createZodFunctionTool, Robota } from './lib/index.ts'
      import { AnthropicProvider } from './lib/providers/anthropic/index.ts'
      const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), ({ a, b }) => ({ sum: a + b }))
      export function ask(apiKey: string, prompt: string) {
        const provider = new AnthropicProvider({ apiKey })
        return new Robota({ name: 'helper', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'claude-sonnet-4-6' }, tools: [add] }).run(prompt)
      }
    `
  }
}
