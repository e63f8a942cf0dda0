import { describe, expect, it } from 'vitest'
import type { IHookInput } from '../hook-types.ts'
import { runHooks } from '../run-hooks.ts'
import { AgentExecutor, type TAgentHookRunner } from './agent-executor.ts'
import { PromptExecutor, type TPromptHookRunner } from './prompt-executor.ts'

const input: IHookInput = { session_id: 's', cwd: '/workspace', hook_event_name: 'UserPromptSubmit', prompt: 'deploy to prod' }

describe('PromptExecutor', () => {
  it('injects the prompt text as context when no model runner is given', async () => {
    const result = await runHooks('UserPromptSubmit', input, { UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'Answer in French.' }] }] }, {
      executors: [new PromptExecutor()]
    })
    expect(result.additionalContext).toEqual(['Answer in French.'])
    const withInput = await runHooks('UserPromptSubmit', input, { UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'The user asked: $ARGUMENTS' }] }] }, {
      executors: [new PromptExecutor()]
    })
    expect(withInput.additionalContext).toEqual([`The user asked: ${JSON.stringify(input)}`])
  })

  it('sends the prompt with $ARGUMENTS replaced to the model, and blocks on {"ok": false}', async () => {
    const requests: Array<Parameters<TPromptHookRunner>[0]> = []
    const runPrompt: TPromptHookRunner = async (request) => {
      requests.push(request)
      return JSON.stringify({ ok: false, reason: 'production deploys need a ticket' })
    }
    const config = { UserPromptSubmit: [{ hooks: [{ type: 'prompt' as const, prompt: 'Is this safe? $ARGUMENTS', model: 'small' }] }] }
    const result = await runHooks('UserPromptSubmit', input, config, { executors: [new PromptExecutor(runPrompt)] })
    expect(result).toMatchObject({ blocked: true, reason: 'production deploys need a ticket' })
    expect(requests[0]?.prompt).toBe(`Is this safe? ${JSON.stringify(input)}`)
    expect(requests[0]?.model).toBe('small')
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal)
  })

  it('stops a model that never answers at the timeout', async () => {
    const runPrompt: TPromptHookRunner = () => new Promise(() => undefined)
    const config = { UserPromptSubmit: [{ hooks: [{ type: 'prompt' as const, prompt: 'check', timeoutMs: 40 }] }] }
    const result = await runHooks('UserPromptSubmit', input, config, { executors: [new PromptExecutor(runPrompt)] })
    expect(result.outcomes[0]).toMatchObject({ timedOut: true, blocked: true })
  })
})

describe('AgentExecutor', () => {
  it('delegates to the injected runner and reads its answer like stdout', async () => {
    const requests: Array<Parameters<TAgentHookRunner>[0]> = []
    const runAgent: TAgentHookRunner = async (request) => {
      requests.push(request)
      return JSON.stringify({ additionalContext: 'The reviewer agent approved.' })
    }
    const config = { UserPromptSubmit: [{ hooks: [{ type: 'agent' as const, agent: 'reviewer', config: { maxTurns: 2 } }] }] }
    const result = await runHooks('UserPromptSubmit', input, config, { executors: [new AgentExecutor(runAgent)] })
    expect(result).toMatchObject({ blocked: false, additionalContext: ['The reviewer agent approved.'] })
    expect(requests[0]).toMatchObject({ agent: 'reviewer', config: { maxTurns: 2 }, input })
  })

  it('blocks when the agent says so, and counts a failing agent as a hook failure', async () => {
    const blocking = new AgentExecutor(async () => JSON.stringify({ decision: 'block', reason: 'reviewer objects' }))
    const config = { PreToolUse: [{ hooks: [{ type: 'agent' as const, agent: 'reviewer' }] }] }
    const toolInput: IHookInput = { ...input, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { filePath: 'a' } }
    expect((await runHooks('PreToolUse', toolInput, config, { executors: [blocking] })).reason).toBe('reviewer objects')
    const failing = new AgentExecutor(async () => {
      throw new Error('model unavailable')
    })
    const failed = await runHooks('PostToolUse', { ...toolInput, hook_event_name: 'PostToolUse' }, { PostToolUse: config.PreToolUse }, { executors: [failing] })
    expect(failed.warnings).toEqual(['PostToolUse agent hook "reviewer" failed: model unavailable; proceeding'])
  })
})
