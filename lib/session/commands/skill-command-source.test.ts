import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { parseSkill } from './skill-loader.ts'
import { SkillCommandSource } from './skill-command-source.ts'
import { buildSkillPrompt } from './skill-prompt.ts'

const files = {
  '.claude/skills/review/SKILL.md': '---\nname: review\ndescription: Review the diff\nargument-hint: <path>\nallowed-tools: Read, Grep\n---\nReview $ARGUMENTS carefully.',
  '.claude/commands/deploy.md': '# Deploy to staging\nRun ./deploy.sh',
  '.agents/skills/review/SKILL.md': '---\ndescription: shadowed by .claude/skills\n---\nNever used.',
  '.agents/skills/lint/SKILL.md': '---\ndescription: Lint everything\n---\nRun the linter.',
  '.agents/skills/broken/SKILL.md': '---\nname: [oops\n---\n',
  '.agents/skills/bad-name/SKILL.md': '---\nname: has spaces\n---\nx',
  '.claude/commands/notes.txt': 'not a command',
  '/home/user/.robota/skills/mine/SKILL.md': '---\ndescription: A user skill\n---\nMine.'
}

describe('SkillCommandSource', () => {
  it('finds skills in every folder from the sandbox, first folder winning, and reports broken files', async () => {
    const source = new SkillCommandSource(new InMemorySandboxClient({ files, cwd: '/workspace' }), '/workspace', {
      userLocations: [{ directory: '/home/user/.robota/skills', layout: 'skill-folders' }]
    })
    expect(source.getCommands()).toEqual([])
    await source.refresh()
    expect(source.getCommands()).toEqual([
      { name: 'review', description: 'Review the diff', origin: 'skill', argumentHint: '<path>' },
      { name: 'deploy', description: 'Deploy to staging', origin: 'skill' },
      { name: 'mine', description: 'A user skill', origin: 'skill' },
      { name: 'lint', description: 'Lint everything', origin: 'skill' }
    ])
    expect(source.getSkill('/review')).toMatchObject({ content: 'Review $ARGUMENTS carefully.', allowedTools: ['Read', 'Grep'], path: '/workspace/.claude/skills/review/SKILL.md' })
    expect(source.getProblems().map((problem) => problem.file)).toEqual([
      '/workspace/.agents/skills/bad-name/SKILL.md',
      '/workspace/.agents/skills/broken/SKILL.md'
    ])
    expect(source.getProblems()[1]?.message).toMatch(/not valid YAML/)
  })

  it('finds nothing in a workspace without skill folders', async () => {
    const source = new SkillCommandSource(new InMemorySandboxClient({ cwd: '/workspace' }), '/workspace')
    await source.ensureLoaded()
    expect(source.getSkills()).toEqual([])
    expect(source.getProblems()).toEqual([])
  })
})

describe('parseSkill', () => {
  it('refuses a non-string description, naming the file and field', async () => {
    await expect(parseSkill('---\ndescription: [1, 2]\n---\nBody', 'x/SKILL.md', 'x')).rejects.toThrow(/^x\/SKILL\.md: description: /)
  })
})

describe('buildSkillPrompt', () => {
  const skill = (content: string) => ({ name: 's', description: 'd', content, path: 'p' })
  it.each([
    ['Review $ARGUMENTS now; $ARGUMENTS!', ' src/a.ts ', 'Review src/a.ts now; src/a.ts!'],
    ['Do the thing.', 'quickly', 'Do the thing.\n\nARGUMENTS: quickly'],
    ['Do the thing.', '  ', 'Do the thing.']
  ])('%j with %j', (content, args, expected) => {
    expect(buildSkillPrompt(skill(content), args)).toBe(expected)
  })
})
