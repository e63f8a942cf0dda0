import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { loadAgentDefinitions, parseAgentDefinition } from './load-agent-definitions.ts'

describe('loadAgentDefinitions', () => {
  it('adds custom agents from .robota/agents and .claude/agents; a custom one replaces a built-in', async () => {
    const sandbox = new InMemorySandboxClient({
      cwd: '/workspace',
      files: {
        '.robota/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews diffs\ntools: Read, Grep\nmodel: sonnet\nmaxTurns: 4\n---\nYou review code.',
        '.robota/agents/Plan.md': '---\ndescription: Our own planner\ndisallowedTools: [Bash, Write]\n---\nPlan our way.',
        '.claude/agents/reviewer.md': '---\ndescription: Shadowed by .robota\n---\nNo.',
        '.claude/agents/tester.md': '---\ndescription: Runs tests\n---\n',
        '.claude/agents/broken.md': '---\nname: broken\n---\nNo description.',
        '.claude/agents/readme.txt': 'ignored'
      }
    })
    const { definitions, problems } = await loadAgentDefinitions(sandbox, '/workspace')
    expect(definitions.map((definition) => definition.name)).toEqual(['general-purpose', 'Explore', 'Plan', 'reviewer', 'tester'])
    expect(definitions.find((definition) => definition.name === 'reviewer')).toEqual({
      name: 'reviewer',
      description: 'Reviews diffs',
      systemPrompt: 'You review code.',
      source: '/workspace/.robota/agents/reviewer.md',
      model: 'sonnet',
      maxTurns: 4,
      tools: ['Read', 'Grep']
    })
    expect(definitions.find((definition) => definition.name === 'Plan')).toMatchObject({ description: 'Our own planner', disallowedTools: ['Bash', 'Write'], source: '/workspace/.robota/agents/Plan.md' })
    expect(definitions.find((definition) => definition.name === 'tester')?.systemPrompt).toBe('Runs tests')
    expect(problems).toEqual([{ file: '/workspace/.claude/agents/broken.md', message: expect.stringMatching(/broken\.md: description: /) }])
  })

  it('has just the built-ins in a workspace without agent folders', async () => {
    const { definitions, problems } = await loadAgentDefinitions(new InMemorySandboxClient(), '/workspace')
    expect(definitions.map((definition) => definition.name)).toEqual(['general-purpose', 'Explore', 'Plan'])
    expect(problems).toEqual([])
  })

  it.each([
    ['a negative maxTurns', '---\ndescription: d\nmaxTurns: -1\n---\n', /maxTurns: /],
    ['a bad name', '---\nname: two words\ndescription: d\n---\n', /name: /],
    ['tools that are not names', '---\ndescription: d\ntools: 3\n---\n', /tools: /]
  ])('refuses %s, naming the file and the field', async (_case, text, field) => {
    await expect(parseAgentDefinition(text, 'a.md', 'a')).rejects.toThrow(field)
    await expect(parseAgentDefinition(text, 'a.md', 'a')).rejects.toThrow(/^a\.md: /)
  })
})
