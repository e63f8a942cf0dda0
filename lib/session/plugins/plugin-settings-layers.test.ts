import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemoryPluginFileStore } from '../../storage/memory-plugin-file-store.ts'
import { loadWorkspaceConfiguration } from '../session-assembly.ts'
import { BundlePluginInstaller } from './bundle-plugin-installer.ts'
import { SandboxPluginFileStore } from './sandbox-plugin-file-store.ts'

const bundle = (name: string, extra: Record<string, unknown>) => ({
  'plugin.json': JSON.stringify({ name, version: '1.0.0', description: name, author: 'Ada', ...extra })
})

describe('bundle plugins in the settings layers', () => {
  it('puts user-scope bundles lowest, then project-scope ones, then the settings files, which win a name', async () => {
    const sandbox = new InMemorySandboxClient({
      files: { '.robota/settings.json': JSON.stringify({ mcpServers: { docs: { type: 'http', url: 'http://127.0.0.1:9/from-settings' } }, permissions: { allow: ['Bash(ls)'] } }) },
      cwd: '/workspace'
    })
    const user = new MemoryPluginFileStore()
    await new BundlePluginInstaller(user, 'user').install(bundle('alpha', { permissions: { deny: ['Bash(curl *)'] }, mcpServers: { docs: { type: 'http', url: 'http://127.0.0.1:9/from-alpha' } } }))
    await new BundlePluginInstaller(new SandboxPluginFileStore(sandbox, '/workspace'), 'project').install(
      bundle('beta', { hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Summarize.' }] }] }, permissions: { allow: ['Read(docs/**)'] } })
    )
    const configuration = await loadWorkspaceConfiguration(sandbox, '/workspace', { userSettings: { language: 'English' }, userPlugins: user })
    expect(configuration.settingsSources).toEqual(['plugin alpha (user)', 'plugin beta (project)', 'user settings', '/workspace/.robota/settings.json'])
    expect(configuration.settings.permissions).toEqual({ allow: ['Read(docs/**)', 'Bash(ls)'], deny: ['Bash(curl *)'] })
    expect(configuration.settings.hooks?.Stop).toHaveLength(1)
    expect(configuration.settings.mcpServers?.docs).toEqual({ type: 'http', url: 'http://127.0.0.1:9/from-settings' })
    expect(configuration.plugins.plugins.map(({ scope, plugin }) => `${plugin.manifest.name}:${scope}`)).toEqual(['alpha:user', 'beta:project'])
  })

  it('gives a session without a sandbox its user-scope bundles', async () => {
    const user = new MemoryPluginFileStore()
    await new BundlePluginInstaller(user, 'user').install({ ...bundle('solo', { systemPrompt: 'Be brief.' }), 'agents/helper.md': '---\ndescription: Helps\n---\nHelp.' })
    const configuration = await loadWorkspaceConfiguration(undefined, '/workspace', { userPlugins: user })
    expect(configuration.plugins.systemPrompts).toEqual([{ plugin: 'solo', text: 'Be brief.' }])
    expect(configuration.agents.map((agent) => agent.name)).toContain('solo:helper')
  })
})
