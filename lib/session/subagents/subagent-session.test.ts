import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createZodFunctionTool } from '../../tools/function-tool.ts'
import { ScriptedProvider } from '../../testing/scripted-provider.ts'
import { BUILTIN_AGENT_DEFINITIONS, resolveSubagentModel, type IAgentDefinition } from './agent-definition.ts'
import { assembleSubagentPrompt, createSubagentSession, filterSubagentTools, FORK_WORKER_PROMPT_SUFFIX, SUBAGENT_PROMPT_SUFFIX } from './subagent-session.ts'

const tool = (name: string) => createZodFunctionTool(name, `${name} tool`, z.object({}), async () => name)
const parentTools = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'Agent'].map(tool)
const builtin = (name: string) => BUILTIN_AGENT_DEFINITIONS.find((definition) => definition.name === name) as IAgentDefinition

describe('filterSubagentTools', () => {
  it.each([
    ['no lists: everything but Agent', {}, ['Bash', 'Read', 'Write', 'Edit', 'Grep']],
    ['a denylist', { disallowedTools: ['Write', 'Edit'] }, ['Bash', 'Read', 'Grep']],
    ['an allowlist', { tools: ['Read', 'Grep', 'Agent'] }, ['Read', 'Grep']],
    ['both: deny first', { tools: ['Read', 'Write'], disallowedTools: ['Write'] }, ['Read']]
  ])('%s', (_case, definition, expected) => {
    expect(filterSubagentTools(parentTools, definition).map((candidate) => candidate.schema.name)).toEqual(expected)
  })

  it('gives the built-in read-only agents no file-changing tools', () => {
    for (const name of ['Explore', 'Plan']) {
      expect(filterSubagentTools(parentTools, builtin(name)).map((candidate) => candidate.schema.name)).toEqual(['Bash', 'Read', 'Grep'])
    }
  })
})

describe('resolveSubagentModel', () => {
  it.each([
    [undefined, 'claude-sonnet-4-6', 'claude-sonnet-4-6'],
    ['inherit', 'gpt-5', 'gpt-5'],
    ['haiku', 'claude-sonnet-4-6', 'claude-haiku-4-5'],
    ['opus', 'claude-sonnet-4-6', 'claude-opus-4-6'],
    ['haiku', 'gpt-5', 'gpt-5'],
    ['gpt-5-mini', 'gpt-5', 'gpt-5-mini']
  ])('model %s under a parent on %s runs on %s', (model, parentModel, expected) => {
    expect(resolveSubagentModel(model === undefined ? {} : { model }, parentModel)).toBe(expected)
  })
})

describe('assembleSubagentPrompt', () => {
  it('puts the agent body first, then CLAUDE.md, AGENTS.md and the suffix', () => {
    const prompt = assembleSubagentPrompt({ definition: builtin('Plan'), context: { claudeMd: 'CLAUDE rules', agentsMd: 'AGENTS rules' } })
    const positions = ['planning agent', 'CLAUDE rules', 'AGENTS rules', SUBAGENT_PROMPT_SUFFIX].map((text) => prompt.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(assembleSubagentPrompt({ definition: builtin('Plan'), isForkWorker: true }).endsWith(FORK_WORKER_PROMPT_SUFFIX)).toBe(true)
  })
})

describe('createSubagentSession', () => {
  it('builds a child on the resolved model with the filtered tools and the assembled prompt', async () => {
    const provider = new ScriptedProvider([{ text: 'Found it.' }])
    const child = createSubagentSession({
      definition: { ...builtin('Explore'), maxTurns: 3 },
      provider,
      parentModel: 'claude-sonnet-4-6',
      tools: parentTools,
      permissions: { mode: 'bypassPermissions' },
      sessionId: 'child-1'
    })
    expect(child.sessionId).toBe('child-1')
    expect((await child.run('Where is main?')).response).toBe('Found it.')
    expect(provider.calls[0]?.options.model).toBe('claude-haiku-4-5')
    expect(provider.calls[0]?.options.tools?.map((schema) => schema.name)).toEqual(['Bash', 'Read', 'Grep'])
    expect(provider.calls[0]?.messages[0]?.content).toContain('read-only exploration agent')
  })
})
