import * as z from 'zod'
import { bench, describe } from 'vitest'
import { Robota } from '../lib/core/robota.ts'
import { ScriptedProvider, type TScriptedStep } from '../lib/testing/scripted-provider.ts'
import { createZodFunctionTool } from '../lib/tools/function-tool.ts'

// Loop overhead: a zero-latency scripted model asks for one trivial zod tool per round, so the
// time measured is the loop's own (events, history, validation), divided by the rounds.

const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), ({ a, b }) => ({
  sum: a + b
}))

function toolRounds(rounds: number): TScriptedStep[] {
  const steps: TScriptedStep[] = Array.from({ length: rounds - 1 }, (_, index) => ({
    text: 'step',
    toolCalls: [{ name: 'add', arguments: { a: index, b: 1 } }]
  }))
  return [...steps, { text: 'done' }]
}

async function runRounds(rounds: number): Promise<void> {
  const provider = new ScriptedProvider(toolRounds(rounds), { recordCalls: false })
  const agent = new Robota({
    name: 'bench',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'scripted' },
    tools: [add],
    maxExecutionRounds: 0
  })
  let events = 0
  await agent.run('go', { onExecutionEvent: () => events++ })
}

describe('loop overhead (whole run; divide by N for per-round time)', () => {
  for (const rounds of [10, 100, 1000]) {
    bench(`N = ${rounds} rounds`, () => runRounds(rounds), { iterations: rounds === 1000 ? 5 : 20 })
  }
})

describe('streaming throughput (one round of 10,000 deltas)', () => {
  const deltas = Array.from({ length: 10_000 }, (_, index) => `t${index} `)
  bench('10,000 deltas in-thread', async () => {
    const provider = new ScriptedProvider([{ text: deltas }], { recordCalls: false })
    const agent = new Robota({ name: 'bench', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'scripted' } })
    let received = 0
    await agent.run('stream', { onTextDelta: () => received++ })
  }, { iterations: 10 })
})
