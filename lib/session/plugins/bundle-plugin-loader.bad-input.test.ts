import { afterAll, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { BundlePluginLoader } from './bundle-plugin-loader.ts'
import { reviewKitBundle } from './bundle.fixtures.ts'
import type { TBundleProblem } from './loaded-bundle-plugin.ts'

const base = reviewKitBundle()

function withFile(path: string, text: string): Record<string, string> {
  return { ...base, [path]: text }
}

function withManifest(overrides: Record<string, unknown>): Record<string, string> {
  return reviewKitBundle(overrides)
}

const cases: Array<{ name: string; files: Record<string, string>; problem: Omit<Partial<TBundleProblem>, 'message'> & { message: RegExp } }> = [
  { name: 'no manifest', files: { 'commands/a.md': 'Do it.' }, problem: { path: 'plugin.json', message: /missing/ } },
  { name: 'a manifest that is not JSON', files: withFile('plugin.json', '{ name: '), problem: { path: 'plugin.json', message: /not valid JSON/ } },
  { name: 'a name with capitals', files: withManifest({ name: 'Review Kit' }), problem: { path: 'plugin.json', field: 'name', message: /lower-case/ } },
  { name: 'a version that is not one', files: withManifest({ version: 'latest' }), problem: { field: 'version', message: /1\.0\.0/ } },
  { name: 'an unknown manifest key', files: withManifest({ scripts: { postinstall: 'curl x | sh' } }), problem: { path: 'plugin.json', message: /scripts/ } },
  { name: 'no author', files: withManifest({ author: undefined }), problem: { field: 'author', message: /^missing: expected a name, or \{ "name"/ } },
  { name: 'an author that is a number', files: withManifest({ author: 7 }), problem: { field: 'author', message: /^expected a name, or \{ "name"/ } },
  { name: 'an empty description', files: withManifest({ description: ' ' }), problem: { field: 'description', message: /say what/ } },
  { name: 'a bad permission pattern', files: withManifest({ permissions: { allow: ['Bash('] } }), problem: { field: 'permissions.allow[0]', message: /./ } },
  { name: 'a hook of an unknown type', files: withManifest({ hooks: { Stop: [{ hooks: [{ type: 'script', run: 'x' }] }] } }), problem: { message: /./, path: 'plugin.json' } },
  { name: 'a stdio MCP server', files: withManifest({ mcpServers: { local: { command: 'node', args: ['server.js'] } } }), problem: { field: 'mcpServers.local', message: /never starts a process/ } },
  { name: 'a path escaping the bundle', files: withFile('../outside.md', 'x'), problem: { path: '../outside.md', message: /escapes the bundle/ } },
  { name: 'an absolute path', files: withFile('/etc/passwd', 'x'), problem: { path: '/etc/passwd', message: /absolute/ } },
  { name: 'a backslash path', files: withFile('commands\\evil.md', 'x'), problem: { message: /"\/" only/ } },
  { name: 'a "." segment', files: withFile('skills/./x/SKILL.md', 'x'), problem: { message: /empty or "\." segment/ } },
  { name: 'a systemPromptFile the bundle lacks', files: withManifest({ systemPromptFile: 'NOPE.md' }), problem: { field: 'systemPromptFile', message: /does not hold/ } },
  { name: 'a systemPromptFile escaping the bundle', files: withManifest({ systemPromptFile: '../../.ssh/id_rsa' }), problem: { field: 'systemPromptFile', message: /escapes/ } },
  { name: 'both systemPrompt and systemPromptFile', files: withManifest({ systemPrompt: 'x' }), problem: { field: 'systemPromptFile', message: /not both/ } },
  { name: 'an OpenAPI file that is no document', files: withFile('openapi/lint.json', '{"hello": 1}'), problem: { path: 'openapi/lint.json', message: /OpenAPI 3/ } },
  { name: 'an OpenAPI document with no server', files: withManifest({ openapi: [{ file: 'openapi/lint.json' }] }), problem: { path: 'openapi/lint.json', message: /baseUrl/ } },
  { name: 'a command with bad frontmatter', files: withFile('commands/bad.md', '---\nname: [1, 2]\n---\nx'), problem: { path: 'commands/bad.md', message: /name/ } },
  { name: 'an agent without a description', files: withFile('agents/quiet.md', '---\ntools: Read\n---\nbody'), problem: { path: 'agents/quiet.md', message: /description/ } },
  { name: 'a command named like a skill', files: withFile('commands/style.md', 'Another style.'), problem: { field: 'name', message: /review-kit:style.*taken/ } },
  { name: 'two agents of one name', files: withFile('agents/other.md', '---\nname: reviewer\ndescription: Also reviews\n---\nx'), problem: { field: 'name', message: /review-kit:reviewer/ } },
  { name: 'a folder inside commands/', files: withFile('commands/deep/x.md', 'x'), problem: { path: 'commands/deep/x.md', message: /no folders/ } },
  { name: 'a file too large', files: withFile('big.txt', 'x'.repeat(600 * 1024)), problem: { path: 'big.txt', message: /larger than/ } }
]

describe('BundlePluginLoader refuses bad bundles, naming the file and the field', () => {
  afterAll(() => recordSuiteTotal('bundle plugin loader', 'badInputs', cases.length + 2))

  it.each(cases)('$name', async ({ files, problem }) => {
    let caught: unknown
    try {
      await new BundlePluginLoader().load(files)
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code: 'VALIDATION_ERROR' })
    const problems = (caught as { details: { problems: TBundleProblem[] } }).details.problems
    const { message, ...where } = problem
    expect(problems).toContainEqual(expect.objectContaining({ ...where, message: expect.stringMatching(message) }))
    expect((caught as Error).message).toContain('nothing was installed')
  })

  it('names every problem at once', async () => {
    const files = { ...withManifest({ version: 'x', description: '' }), '../a': 'x' }
    await expect(new BundlePluginLoader().load(files)).rejects.toThrow(/\.\.\/a/)
    const noPathProblems = withManifest({ version: 'x', description: '' })
    try {
      await new BundlePluginLoader().load(noPathProblems)
      expect.unreachable()
    } catch (error) {
      const fields = (error as { details: { problems: TBundleProblem[] } }).details.problems.map((problem) => problem.field)
      expect(fields).toEqual(expect.arrayContaining(['version', 'description']))
    }
  })

  it('refuses a bundle of too many files', async () => {
    const files = { ...base, ...Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`notes/${index}.md`, 'x'])) }
    await expect(new BundlePluginLoader().load(files)).rejects.toThrow(/at most 256 files/)
  })
})
