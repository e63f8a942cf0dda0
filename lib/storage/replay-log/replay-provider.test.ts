import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { IAIProvider } from '../../core/provider.ts'
import { Robota } from '../../core/robota.ts'
import type { ITool } from '../../core/tool.ts'
import { ScriptedProvider } from '../../testing/scripted-provider.ts'
import { chainReplayEvents, GENESIS_HASH } from './hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from './replay-jsonl.ts'
import { recordedPrompts, ReplayDivergenceError, ReplayProvider } from './replay-provider.ts'

function shellTool(sandbox: InMemorySandboxClient): ITool {
  return {
    schema: { name: 'sh', description: 'Runs a command', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
    async execute(parameters) {
      const result = await sandbox.run(String(parameters.command))
      return { success: result.exitCode === 0, data: result.stdout }
    }
  }
}

async function session(provider: IAIProvider, prompts: string[], sessionId = 'recorded') {
  const sandbox = new InMemorySandboxClient({ files: { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' } })
  const agent = new Robota({
    name: 'replayed',
    sessionId,
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'm' },
    tools: [shellTool(sandbox)]
  })
  const events: TExecutionEventEnvelope[] = []
  for (const prompt of prompts) await agent.run(prompt, { onExecutionEvent: (event) => events.push(event) })
  return { history: agent.getHistory(), events }
}

const strip = (history: Array<{ role: string; content: string }>) => history.map(({ role, content }) => ({ role, content }))

describe('ReplayProvider', () => {
  it('re-runs an exported and imported session offline with identical history and tool results', async () => {
    const recorded = await session(
      new ScriptedProvider([
        { text: ['Listing ', 'files.'], toolCalls: [{ id: 'toolu_1', name: 'sh', arguments: { command: 'ls' } }] },
        { text: 'Two files.', toolCalls: [{ id: 'toolu_2', name: 'sh', arguments: { command: 'cat a.txt b.txt' } }] },
        { text: 'They say alpha and beta.' },
        { text: 'Second prompt answered.' }
      ]),
      ['What is here?', 'Thanks!']
    )
    const jsonl = exportReplayLogJsonl('recorded', chainReplayEvents(GENESIS_HASH, recorded.events))
    const imported = importReplayLogJsonl(jsonl).records.map((record) => record.event)

    const provider = new ReplayProvider(imported)
    const replayed = await session(provider, recordedPrompts(imported), 'replayed')
    expect(strip(replayed.history)).toEqual(strip(recorded.history))
    const toolResults = (history: typeof recorded.history) => history.filter((message) => message.role === 'tool').map((message) => message.content)
    expect(toolResults(replayed.history)).toEqual(['a.txt\nb.txt\n', 'alpha\nbeta\n'])
    expect(toolResults(replayed.history)).toEqual(toolResults(recorded.history))
    expect(provider.remainingCalls).toBe(0)
  })

  it('replays a recorded provider failure as the same failure', async () => {
    const recorded = await session(new ScriptedProvider([{ error: new Error('overloaded') }]), ['hi'])
    const replayed = await session(new ReplayProvider(recorded.events), ['hi'])
    expect(strip(replayed.history)).toEqual(strip(recorded.history))
  })

  it('stops with a clear error when the replay is sent something else', async () => {
    const recorded = await session(new ScriptedProvider([{ text: 'ok' }]), ['first prompt'])
    const provider = new ReplayProvider(recorded.events)
    await expect(provider.chat([{ id: 'x', role: 'user', state: 'complete', timestamp: 0, content: 'other prompt' }], { model: 'm' })).rejects.toThrow(ReplayDivergenceError)
    await expect(provider.chat([], { model: 'm' })).rejects.toThrow(/recorded only 1/)
  })
})
