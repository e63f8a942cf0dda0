import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { detectProject } from './detect-project.ts'
import { listAncestorDirectories, loadProjectContext } from './load-project-context.ts'

describe('listAncestorDirectories', () => {
  it.each([
    ['/', ['/']],
    ['/workspace', ['/', '/workspace']],
    ['/workspace/packages/app/', ['/', '/workspace', '/workspace/packages', '/workspace/packages/app']],
    ['/workspace/../srv', ['/', '/srv']]
  ])('%s', (cwd, expected) => {
    expect(listAncestorDirectories(cwd)).toEqual(expected)
  })
})

describe('loadProjectContext', () => {
  it('walks up from the working directory, outermost first, and finds the Compact Instructions', async () => {
    const sandbox = new InMemorySandboxClient({
      cwd: '/workspace',
      files: {
        '/workspace/AGENTS.md': '# Repo rules\nUse tabs.',
        '/workspace/CLAUDE.md': '# Notes\nBe brief.\n\n## Compact Instructions\nKeep file paths.\n\n## Other\nIgnored.',
        '/workspace/packages/app/AGENTS.md': 'App rules: test first.',
        '/workspace/packages/other/AGENTS.md': 'Not on the path.',
        '/workspace/packages/app/CLAUDE.md': '   '
      }
    })
    const context = await loadProjectContext(sandbox, '/workspace/packages/app')
    expect(context.files.map((file) => file.path)).toEqual([
      '/workspace/AGENTS.md',
      '/workspace/CLAUDE.md',
      '/workspace/packages/app/AGENTS.md'
    ])
    expect(context.agentsMd).toBe('# Repo rules\nUse tabs.\n\nApp rules: test first.')
    expect(context.claudeMd).toContain('Be brief.')
    expect(context.compactInstructions).toBe('Keep file paths.')
  })

  it('is empty for a workspace without instruction files', async () => {
    const context = await loadProjectContext(new InMemorySandboxClient({ cwd: '/workspace' }), '/workspace')
    expect(context).toEqual({ files: [], agentsMd: '', claudeMd: '', compactInstructions: undefined })
  })

  it('takes Compact Instructions from AGENTS.md when CLAUDE.md has none', async () => {
    const sandbox = new InMemorySandboxClient({ files: { '/workspace/AGENTS.md': '### compact instructions\nKeep errors.' } })
    expect((await loadProjectContext(sandbox, '/workspace')).compactInstructions).toBe('Keep errors.')
  })
})

describe('detectProject', () => {
  it.each([
    [{ 'package.json': '{}', 'tsconfig.json': '{}', 'pnpm-lock.yaml': '' }, { type: 'node', language: 'typescript', packageManager: 'pnpm' }],
    [{ 'package.json': '{}' }, { type: 'node', language: 'javascript' }],
    [{ 'Cargo.toml': '' }, { type: 'rust', language: 'rust', packageManager: 'cargo' }],
    [{ 'requirements.txt': '', 'package.json': '{}' }, { type: 'node', language: 'javascript' }],
    [{ 'pyproject.toml': '' }, { type: 'python', language: 'python' }],
    [{ 'README.md': '' }, { type: 'unknown' }]
  ])('%j', async (files, expected) => {
    expect(await detectProject(new InMemorySandboxClient({ files, cwd: '/workspace' }), '/workspace')).toEqual(expected)
  })
})
