import { sha256Text } from '../../storage/sha256-text.ts'

/** A bundle using every part a bundle may hold, as its files. */
export function reviewKitBundle(overrides: Record<string, unknown> = {}): Record<string, string> {
  const manifest = {
    name: 'review-kit',
    version: '1.2.0',
    description: 'Code review commands, a reviewer agent and house rules',
    author: { name: 'Robota Samples' },
    keywords: ['review', 'quality'],
    category: 'review',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Mind the review rules.' }] }] },
    permissions: { allow: ['Read(src/**)'], deny: ['Bash(rm *)'] },
    systemPromptFile: 'SYSTEM.md',
    openapi: [{ file: 'openapi/lint.json', baseUrl: 'http://127.0.0.1:9/api' }],
    mcpServers: { lint: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
    ...overrides
  }
  return {
    'plugin.json': JSON.stringify(manifest, null, 2),
    'SYSTEM.md': 'Reviews name the file and the line.',
    'commands/audit.md': '---\ndescription: Audit a folder\nargument-hint: <folder>\n---\nAudit $ARGUMENTS for unsafe shell use.',
    'skills/style/SKILL.md': '---\ndescription: House style\n---\nPrefer small functions.',
    'skills/style/examples.md': 'A reference file the skill may point at.',
    'agents/reviewer.md': '---\ndescription: Reviews a change\ntools: [Read, Grep]\n---\nYou review changes.',
    'openapi/lint.json': JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'Lint', version: '1' },
      paths: { '/lint': { post: { operationId: 'lintFile', summary: 'Lints a file', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { path: { type: 'string' } } } } } } } } }
    })
  }
}

/** The pins of a bundle's files. */
export function pinsOf(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path, sha256Text(text)]))
}
