import { describe, expect, it } from 'vitest'
import { buildSystemPrompt, DEFAULT_BASE_PROMPT, SKILL_PROMPT_CHARACTER_LIMIT } from './build-system-prompt.ts'

describe('buildSystemPrompt', () => {
  it('is the base prompt alone when there is nothing else', () => {
    expect(buildSystemPrompt({})).toBe(DEFAULT_BASE_PROMPT)
    expect(buildSystemPrompt({ base: 'Be a pirate.' })).toBe('Be a pirate.')
  })

  it('adds environment, instruction files, skills, hook context and the language last', () => {
    const prompt = buildSystemPrompt({
      base: 'Base.',
      cwd: '/workspace',
      project: { type: 'node', language: 'typescript', packageManager: 'npm' },
      context: { files: [], agentsMd: 'Agents rules.', claudeMd: 'Claude rules.', compactInstructions: undefined },
      skills: [{ name: 'deploy', description: 'Ship it', content: 'Run the deploy script.' }],
      additionalContext: ['Today is a holiday.'],
      language: 'Korean'
    })
    const order = ['Base.', 'Working directory: /workspace', 'Project type: node (typescript, npm)', 'Agents rules.', 'Claude rules.', '## Skill: deploy', 'Run the deploy script.', 'Today is a holiday.', 'Always respond in Korean']
    const positions = order.map((text) => prompt.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  it('truncates a very long skill', () => {
    const prompt = buildSystemPrompt({ skills: [{ name: 'big', description: 'd', content: 'x'.repeat(SKILL_PROMPT_CHARACTER_LIMIT + 50) }] })
    expect(prompt).toContain('[skill truncated]')
    expect(prompt).not.toContain('x'.repeat(SKILL_PROMPT_CHARACTER_LIMIT + 1))
  })
})
