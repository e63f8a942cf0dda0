import { describe, expect, it } from 'vitest'
import { BundlePluginLoader } from './bundle-plugin-loader.ts'
import { pinsOf, reviewKitBundle } from './bundle.fixtures.ts'

describe('BundlePluginLoader', () => {
  it('reads every part of a bundle, naming commands, skills and agents after the bundle', async () => {
    const files = reviewKitBundle()
    const bundle = await new BundlePluginLoader().load(files)
    expect(bundle.manifest).toMatchObject({ name: 'review-kit', version: '1.2.0', keywords: ['review', 'quality'], category: 'review' })
    expect(bundle.commands.map((command) => [command.name, command.argumentHint])).toEqual([['review-kit:audit', '<folder>']])
    expect(bundle.commands[0]?.content).toContain('Audit $ARGUMENTS')
    expect(bundle.skills.map((skill) => skill.name)).toEqual(['review-kit:style'])
    expect(bundle.agents).toEqual([expect.objectContaining({ name: 'review-kit:reviewer', tools: ['Read', 'Grep'], systemPrompt: 'You review changes.' })])
    expect(bundle.permissions).toEqual({ allow: ['Read(src/**)'], deny: ['Bash(rm *)'] })
    expect(bundle.hooks.PreToolUse?.[0]?.matcher).toBe('Bash')
    expect(bundle.systemPrompt).toBe('Reviews name the file and the line.')
    expect(bundle.tools.map((tool) => tool.file)).toEqual(['openapi/lint.json'])
    expect(bundle.mcpServers).toEqual({ lint: { type: 'http', url: 'http://127.0.0.1:9/mcp' } })
    expect(bundle.pins).toEqual(pinsOf(files))
    expect(bundle.pins['SYSTEM.md']).toMatch(/^[0-9a-f]{64}$/)
  })

  it('takes a manifest with metadata only, and an author given as a name', async () => {
    const bundle = await new BundlePluginLoader().load({ 'plugin.json': JSON.stringify({ name: 'tiny', version: '0.1.0', description: 'Nothing yet', author: 'Ada' }) })
    expect(bundle.manifest.keywords).toEqual([])
    expect(bundle).toMatchObject({ commands: [], skills: [], agents: [], hooks: {}, tools: [], mcpServers: {} })
    expect(bundle.systemPrompt).toBeUndefined()
  })
})
