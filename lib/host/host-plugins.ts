import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import { BundlePluginInstaller, type TInstalledPlugin } from '../session/plugins/bundle-plugin-installer.ts'
import { BundlePluginLoader } from '../session/plugins/bundle-plugin-loader.ts'
import { comparePins } from '../session/plugins/compare-pins.ts'
import type { ILoadedBundlePlugin } from '../session/plugins/loaded-bundle-plugin.ts'
import { MarketplaceClient } from '../session/plugins/marketplace-client.ts'
import type { TPluginScope } from '../session/plugins/plugin-registry.ts'
import { SandboxPluginFileStore } from '../session/plugins/sandbox-plugin-file-store.ts'
import type { TMarketplaceQuery, TMarketplaceSearch, TPluginContributionSummary, TPluginInstallRequest, TPluginView } from './port/host-plugins.ts'
import { describeError } from '../core/describe-error.ts'

/** What the plugin side of a host works through. */
export type THostPluginPorts = {
  /** The user scope's store, shared by every session of the host. */
  userPlugins: IPluginFileStore
  workspaceRoot: string
  /** The sandbox of the session (opening it when needed). */
  sandboxOf(sessionId: string): Promise<ISandboxClient>
  /** Refuses a change while the session runs a turn. @throws ValidationError when busy. */
  assertIdle(sessionId: string): void
  /** Assembles the session again, so its next turn follows the change. */
  reassemble(sessionId: string): Promise<void>
  fetch?: typeof fetch
}

const NO_CONTRIBUTION: TPluginContributionSummary = { commands: [], skills: [], agents: [], hooks: [], allow: [], deny: [], systemPrompt: false, tools: [], mcpServers: [] }

/** A host's bundle plugins: marketplace search, and install, enable, disable, uninstall per scope. */
export class HostPlugins {
  private readonly marketplace: MarketplaceClient
  private readonly userInstaller: BundlePluginInstaller
  private readonly loader = new BundlePluginLoader()

  constructor(private readonly ports: THostPluginPorts) {
    this.marketplace = new MarketplaceClient({ sources: [], ...(ports.fetch ? { fetch: ports.fetch } : {}) })
    this.userInstaller = new BundlePluginInstaller(ports.userPlugins, 'user')
  }

  search(query: TMarketplaceQuery & { source: string }): Promise<TMarketplaceSearch> {
    return this.marketplace.search(query)
  }

  async install(sessionId: string, request: TPluginInstallRequest): Promise<TPluginView[]> {
    this.ports.assertIdle(sessionId)
    const { installer } = await this.scope(sessionId, request.scope)
    await this.marketplace.install(request.name, installer, { source: request.source })
    return this.changed(sessionId)
  }

  async list(sessionId: string): Promise<TPluginView[]> {
    const views: TPluginView[] = []
    for (const scope of ['project', 'user'] as const) {
      const { installer, store } = await this.scope(sessionId, scope)
      for (const entry of await installer.list()) views.push(await this.describe(entry, store))
    }
    return views
  }

  async setEnabled(sessionId: string, scope: TPluginScope, name: string, enabled: boolean): Promise<TPluginView[]> {
    this.ports.assertIdle(sessionId)
    await (await this.scope(sessionId, scope)).installer.setEnabled(name, enabled)
    return this.changed(sessionId)
  }

  async uninstall(sessionId: string, scope: TPluginScope, name: string): Promise<TPluginView[]> {
    this.ports.assertIdle(sessionId)
    await (await this.scope(sessionId, scope)).installer.uninstall(name)
    return this.changed(sessionId)
  }

  private async changed(sessionId: string): Promise<TPluginView[]> {
    await this.ports.reassemble(sessionId)
    return this.list(sessionId)
  }

  private async scope(sessionId: string, scope: TPluginScope): Promise<{ installer: BundlePluginInstaller; store: IPluginFileStore }> {
    if (scope === 'user') return { installer: this.userInstaller, store: this.ports.userPlugins }
    const store = new SandboxPluginFileStore(await this.ports.sandboxOf(sessionId), this.ports.workspaceRoot)
    return { installer: new BundlePluginInstaller(store, 'project'), store }
  }

  private async describe(entry: TInstalledPlugin, store: IPluginFileStore): Promise<TPluginView> {
    const view = {
      name: entry.name,
      version: entry.version,
      description: entry.description,
      scope: entry.scope,
      enabled: entry.enabled,
      ...(entry.source ? { source: entry.source } : {})
    }
    try {
      const bundle = await this.loader.loadDirectory(store, entry.name)
      const mismatches = comparePins(bundle.pins, entry.pins)
      if (mismatches.length > 0) return { ...view, contributes: NO_CONTRIBUTION, problem: `Its files changed since it was installed: ${mismatches.join('; ')}.` }
      return { ...view, contributes: summarize(bundle) }
    } catch (error) {
      return { ...view, contributes: NO_CONTRIBUTION, problem: describeError(error) }
    }
  }
}

function summarize(bundle: ILoadedBundlePlugin): TPluginContributionSummary {
  return {
    commands: bundle.commands.map((command) => command.name),
    skills: bundle.skills.map((skill) => skill.name),
    agents: bundle.agents.map((agent) => agent.name),
    hooks: Object.keys(bundle.hooks),
    allow: [...bundle.permissions.allow],
    deny: [...bundle.permissions.deny],
    systemPrompt: bundle.systemPrompt !== undefined,
    tools: bundle.tools.map((tool) => tool.file),
    mcpServers: Object.keys(bundle.mcpServers)
  }
}
