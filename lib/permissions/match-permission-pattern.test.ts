import { describe, expect, it } from 'vitest'
import { matchPermissionPattern, type TPatternMatch, type TPatternPurpose } from './match-permission-pattern.ts'
import { parsePermissionPattern } from './permission-pattern.ts'
import type { TToolArgs } from './permission-types.ts'

type TRow = [pattern: string, toolName: string, args: TToolArgs, expected: TPatternMatch, purpose?: TPatternPurpose, cwd?: string]

const bash = (command: string): TToolArgs => ({ command })
const file = (filePath: string): TToolArgs => ({ filePath })

const rows: TRow[] = [
  // Bare tool names and tool-name wildcards
  ['Bash', 'Bash', bash('anything at all'), 'match'],
  ['Bash', 'Read', file('/a'), 'no-match'],
  ['Bash(*)', 'Bash', bash('ls && rm -rf /'), 'match'],
  ['mcp__github__*', 'mcp__github__create_issue', {}, 'match'],
  ['mcp__github__*', 'mcp__gitlab__create_issue', {}, 'no-match'],
  ['Read', 'read', file('/a'), 'no-match'],
  // Commands: literal, `*` any text, prefix form
  ['Bash(ls)', 'Bash', bash('ls'), 'match'],
  ['Bash(ls)', 'Bash', bash('ls -la'), 'no-match'],
  ['Bash(ls)', 'Bash', bash('  ls  '), 'match'],
  ['Bash(npm test)', 'Bash', bash('npm   test'), 'match'],
  ['Bash(pnpm *)', 'Bash', bash('pnpm install --frozen-lockfile'), 'match'],
  ['Bash(pnpm *)', 'Bash', bash('npm install'), 'no-match'],
  ['Bash(git * --force)', 'Bash', bash('git push origin main --force'), 'match'],
  ['Bash(cat */secret)', 'Bash', bash('cat a/b/c/secret'), 'match'],
  ['Bash(npm run test:*)', 'Bash', bash('npm run test'), 'match'],
  ['Bash(npm run test:*)', 'Bash', bash('npm run test --watch'), 'match'],
  ['Bash(npm run test:*)', 'Bash', bash('npm run testing'), 'no-match'],
  // Special characters are literal, never glob or regex syntax
  ['Bash(ls ?)', 'Bash', bash('ls ?'), 'match'],
  ['Bash(ls ?)', 'Bash', bash('ls a'), 'no-match'],
  ['Bash(echo a.b)', 'Bash', bash('echo axb'), 'no-match'],
  ['Bash(echo [ab])', 'Bash', bash('echo a'), 'no-match'],
  ['Bash(echo [ab])', 'Bash', bash('echo [ab]'), 'match'],
  ['Bash(echo {a,b})', 'Bash', bash('echo a'), 'no-match'],
  ['Bash(echo $HOME^+)', 'Bash', bash('echo $HOME^+'), 'match'],
  ['Bash(echo (hi))', 'Bash', bash('echo (hi)'), 'match'],
  ['Bash(grep a|b)', 'Bash', bash('grep a'), 'no-match'],
  ['Bash(echo \\d+)', 'Bash', bash('echo 42'), 'no-match'],
  // Compound commands: a wildcard allow never covers them; a deny matches any part
  ['Bash(git *)', 'Bash', bash('git status; rm -rf /'), 'no-match', 'allow'],
  ['Bash(git *)', 'Bash', bash('git log | head'), 'no-match', 'allow'],
  ['Bash(git *)', 'Bash', bash('git commit -m "a; b | c"'), 'match', 'allow'],
  ['Bash(echo *)', 'Bash', bash('echo $(rm -rf /)'), 'no-match', 'allow'],
  ['Bash(echo *)', 'Bash', bash("echo '$(not run)'"), 'match', 'allow'],
  ['Bash(ls && pwd)', 'Bash', bash('ls && pwd'), 'match', 'allow'],
  ['Bash(rm *)', 'Bash', bash('ls && rm -rf /'), 'match', 'deny'],
  ['Bash(rm *)', 'Bash', bash('echo "$(rm -rf /)"'), 'match', 'deny'],
  ['Bash(rm *)', 'Bash', bash('FOO=1 rm -rf /tmp'), 'match', 'deny'],
  ['Bash(rm *)', 'Bash', bash('echo `rm -rf /`'), 'match', 'deny'],
  ['Bash(rm *)', 'Bash', bash("echo 'rm -rf /'"), 'no-match', 'deny'],
  ['Bash(curl *)', 'Bash', bash('if true; then curl evil.test; fi'), 'match', 'deny'],
  ['Bash(rm *)', 'Bash', bash('ls 2>&1 | grep x'), 'no-match', 'deny'],
  // Paths: `*` stays in one segment, `**` crosses segments
  ['Read(/src/*)', 'Read', file('/src/a.ts'), 'match'],
  ['Read(/src/*)', 'Read', file('/src/lib/a.ts'), 'no-match'],
  ['Read(/src/**)', 'Read', file('/src/lib/deep/a.ts'), 'match'],
  ['Read(/src/**)', 'Read', file('/src'), 'match'],
  ['Read(/src/**)', 'Read', file('/srcs/a.ts'), 'no-match'],
  ['Read(/src/**/*.ts)', 'Read', file('/src/a.ts'), 'match'],
  ['Read(/src/**/*.ts)', 'Read', file('/src/x/y/a.ts'), 'match'],
  ['Read(/src/**/*.ts)', 'Read', file('/src/x/y/a.tsx'), 'no-match'],
  ['Read(**/.env)', 'Read', file('/workspace/app/.env'), 'match'],
  ['Read(**/.env)', 'Read', file('.env'), 'match'],
  ['Read(/src/*.ts)', 'Read', file('/src/.hidden.ts'), 'match'],
  ['Read(/src/a?.ts)', 'Read', file('/src/ab.ts'), 'no-match'],
  ['Read(/src/a?.ts)', 'Read', file('/src/a?.ts'), 'match'],
  ['Read(/src/[id].tsx)', 'Read', file('/src/[id].tsx'), 'match'],
  ['Read(/src/[id].tsx)', 'Read', file('/src/i.tsx'), 'no-match'],
  ['Write(/etc/**)', 'Write', file('/workspace/../etc/passwd'), 'match', 'deny'],
  ['Write(/workspace/**)', 'Write', file('/workspace/../etc/passwd'), 'no-match'],
  ['Edit(//workspace//a.ts)', 'Edit', file('/workspace/a.ts'), 'match'],
  ['Read(./src/**)', 'Read', file('src/a.ts'), 'match'],
  ['Read(src/**)', 'Read', file('/workspace/src/a.ts'), 'match', 'allow', '/workspace'],
  ['Read(src/**)', 'Read', file('src/a.ts'), 'match', 'allow', '/workspace'],
  ['Read(/workspace/src/*)', 'Read', file('src/a.ts'), 'match', 'allow', '/workspace'],
  ['Read(/workspace/src/*)', 'Read', file('src/a.ts'), 'uncertain'],
  ['Read(src/**)', 'Read', file('/workspace/src/a.ts'), 'uncertain'],
  ['Read(/src/**)', 'Read', { file_path: '/src/a.ts' }, 'match'],
  ['Read(/src/**)', 'Read', {}, 'uncertain'],
  ['Read(/a b/*)', 'Read', file('/a b/c d.txt'), 'match'],
  // Glob and Grep: where the search looks
  ['Glob(/workspace/src/**)', 'Glob', { pattern: '**/*.ts', path: '/workspace/src' }, 'match'],
  ['Glob(/workspace/src/**)', 'Glob', { pattern: '**/*.ts', path: '/workspace' }, 'no-match'],
  ['Glob(src/**)', 'Glob', { pattern: 'src/**/*.ts' }, 'match', 'allow', '/workspace'],
  ['Grep(/workspace/src/**)', 'Grep', { pattern: 'TODO', path: '/workspace/src/lib' }, 'match'],
  ['Grep(/workspace/src/**)', 'Grep', { pattern: '/workspace/src/x', path: '/etc' }, 'no-match'],
  ['Grep(/workspace/docs/**)', 'Grep', { pattern: 'x', path: '/workspace', include: 'docs/*.md' }, 'no-match'],
  ['Grep(/workspace/**)', 'Grep', { pattern: 'x' }, 'match', 'allow', '/workspace'],
  // URLs: `*` any text, but not across the host
  ['WebFetch(https://example.com/*)', 'WebFetch', { url: 'https://example.com/docs/a?b=1' }, 'match'],
  ['WebFetch(https://example.com)', 'WebFetch', { url: 'https://EXAMPLE.com/' }, 'match'],
  ['WebFetch(https://*.example.com/*)', 'WebFetch', { url: 'https://api.example.com/v1' }, 'match'],
  ['WebFetch(https://*.example.com/*)', 'WebFetch', { url: 'https://evil.test/?.example.com/' }, 'no-match'],
  ['WebFetch(https://*.example.com/*)', 'WebFetch', { url: 'https://user@evil.test/.example.com/' }, 'no-match'],
  ['WebFetch(https://example.com:443/*)', 'WebFetch', { url: 'https://example.com/a' }, 'no-match'],
  ['WebFetch(https://evil.test)', 'WebFetch', { url: 'https://evil.test' }, 'match', 'deny'],
  // Queries: `*` any text
  ['WebSearch(typescript *)', 'WebSearch', { query: 'typescript generics guide' }, 'match'],
  ['WebSearch(typescript *)', 'WebSearch', { query: 'rust traits' }, 'no-match'],
  ['WebSearch(what?)', 'WebSearch', { query: 'whatx' }, 'no-match'],
  // A tool without a meaningful argument
  ['Custom(x)', 'Custom', { value: 'x' }, 'uncertain'],
  ['Custom(*)', 'Custom', { value: 'x' }, 'match']
]

describe('matchPermissionPattern', () => {
  it('has a table of at least forty rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40)
  })

  it.each(rows)('%s against %s %j is %s (%s list, cwd %s)', (pattern, toolName, args, expected, purpose = 'allow', cwd) => {
    const context = cwd === undefined ? {} : { cwd }
    expect(matchPermissionPattern(parsePermissionPattern(pattern), toolName, args, purpose, context)).toBe(expected)
  })
})
