import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage, type TUniversalMessage } from '../../core/messages.ts'
import type { IHookInput, THookRunResult } from '../../hooks/index.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../../testing/scripted-provider.ts'
import { CompactionOrchestrator, type TCompactionRequest } from './compaction-orchestrator.ts'
import { COMPACT_SUMMARY_PREFIX, COMPACTION_SYSTEM_PROMPT } from './compaction-prompt.ts'

const conversation = [createUserMessage('Fix the login bug'), createAssistantMessage('Fixed src/login.ts; tests pass.')]

function setUp(steps: TScriptedStepSource[], blockPreCompact = false) {
  const provider = new ScriptedProvider(steps)
  const log: string[] = []
  const hookCalls: Array<{ event: string; fields: Partial<IHookInput> }> = []
  const orchestrator = new CompactionOrchestrator({
    provider,
    emit: (type) => {
      log.push(type)
    },
    runHooks: async (event, fields): Promise<THookRunResult> => {
      hookCalls.push({ event, fields })
      log.push(event)
      const blocked = blockPreCompact && event === 'PreCompact'
      return { blocked, ...(blocked ? { reason: 'not now' } : {}), additionalContext: [], feedback: [], warnings: [], outcomes: [] }
    }
  })
  const applied: TUniversalMessage[][] = []
  const request = (overrides: Partial<TCompactionRequest> = {}): TCompactionRequest => ({
    messages: conversation,
    model: 'claude-sonnet-4-6',
    trigger: 'manual',
    measure: (messages) => messages.length * 1000,
    apply: async (history) => {
      applied.push(history)
      log.push('apply')
    },
    ...overrides
  })
  return { provider, orchestrator, log, hookCalls, applied, request }
}

describe('CompactionOrchestrator', () => {
  it('summarizes through the provider and replaces the history, between PreCompact and PostCompact hooks', async () => {
    const { provider, orchestrator, log, hookCalls, applied, request } = setUp([{ text: ['The login bug ', 'is fixed.'] }])
    const outcome = await orchestrator.compact(request({ instructions: 'keep test names', projectInstructions: 'Always keep file paths.' }))

    expect(outcome).toEqual({ compacted: true, trigger: 'manual', summary: 'The login bug is fixed.', messagesBefore: 2, tokensBefore: 2000, tokensAfter: 1000 })
    expect(applied).toHaveLength(1)
    expect(applied[0]?.[0]).toMatchObject({ role: 'user', content: `${COMPACT_SUMMARY_PREFIX}\n\nThe login bug is fixed.`, metadata: { compactSummary: true } })
    expect(log).toEqual(['PreCompact', 'provider_request', 'provider_stream_raw_delta', 'provider_stream_raw_delta', 'provider_response_raw', 'provider_response_normalized', 'compaction', 'apply', 'PostCompact'])
    expect(hookCalls).toEqual([
      { event: 'PreCompact', fields: { trigger: 'manual' } },
      { event: 'PostCompact', fields: { trigger: 'manual', compact_summary: 'The login bug is fixed.' } }
    ])

    const sent = provider.calls[0]?.messages ?? []
    expect(sent[0]).toMatchObject({ role: 'system', content: COMPACTION_SYSTEM_PROMPT })
    expect(sent.slice(1, 3).map((message) => message.content)).toEqual(['Fix the login bug', 'Fixed src/login.ts; tests pass.'])
    expect(sent.at(-1)?.content).toContain('Always keep file paths.')
    expect(sent.at(-1)?.content).toContain('Focus especially on: keep test names')
    expect(provider.calls[0]?.options.tools).toBeUndefined()
  })

  it('leaves the history alone when a PreCompact hook blocks', async () => {
    const { provider, orchestrator, applied, request } = setUp([{ text: 'unused' }], true)
    expect(await orchestrator.compact(request({ trigger: 'auto' }))).toEqual({ compacted: false, trigger: 'auto', reason: 'a PreCompact hook blocked it: not now' })
    expect(provider.calls).toHaveLength(0)
    expect(applied).toHaveLength(0)
  })

  it.each([
    ['an empty conversation', [] as TUniversalMessage[], [{ text: 'x' }], 'the conversation is empty'],
    ['an empty summary', conversation, [{ text: '   ' }], 'the model returned an empty summary']
  ])('does not compact %s', async (_case, messages, steps, reason) => {
    const { orchestrator, applied, request } = setUp(steps)
    expect(await orchestrator.compact(request({ messages }))).toEqual({ compacted: false, trigger: 'manual', reason })
    expect(applied).toHaveLength(0)
  })

  it('stops without replacing the history when aborted mid-summary', async () => {
    const controller = new AbortController()
    const { applied, request } = setUp([])
    const provider = new ScriptedProvider([{ text: ['partial', ' more'] }], { deltaDelayMs: 20 })
    const slow = new CompactionOrchestrator({ provider, emit: () => undefined, runHooks: async () => ({ blocked: false, additionalContext: [], feedback: [], warnings: [], outcomes: [] }) })
    setTimeout(() => controller.abort(), 30)
    const outcome = await slow.compact(request({ signal: controller.signal }))
    expect(outcome).toEqual({ compacted: false, trigger: 'manual', reason: 'it was aborted before the summary was complete' })
    expect(applied).toHaveLength(0)
  })

  it('lets a provider failure propagate', async () => {
    const { orchestrator, applied, request } = setUp([{ error: new Error('overloaded') }])
    await expect(orchestrator.compact(request())).rejects.toThrow('overloaded')
    expect(applied).toHaveLength(0)
  })
})
