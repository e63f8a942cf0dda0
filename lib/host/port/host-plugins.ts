import type { TMarketplaceSearch } from '../../session/plugins/marketplace-client.ts'
import type { TMarketplaceQuery } from '../../session/plugins/marketplace-index.ts'
import type { TPluginScope } from '../../session/plugins/plugin-registry.ts'

export type { TMarketplaceQuery, TMarketplaceListing } from '../../session/plugins/marketplace-index.ts'
export type { TMarketplaceSearch } from '../../session/plugins/marketplace-client.ts'
export type { TPluginScope } from '../../session/plugins/plugin-registry.ts'

/** What an installed bundle gives a session, by kind, as names a panel lists. */
export type TPluginContributionSummary = {
  /** Slash commands, `<plugin>:<command>`. */
  commands: string[]
  skills: string[]
  agents: string[]
  /** Hook events the bundle has hooks for. */
  hooks: string[]
  allow: string[]
  deny: string[]
  /** Whether it adds to the system prompt. */
  systemPrompt: boolean
  /** Tools from its OpenAPI documents. */
  tools: string[]
  mcpServers: string[]
}

/** One installed bundle as the page sees it. */
export type TPluginView = {
  name: string
  version: string
  description: string
  scope: TPluginScope
  enabled: boolean
  /** The marketplace source it came from. */
  source?: string
  contributes: TPluginContributionSummary
  /** Why the bundle cannot be used (its files changed since install, say); it contributes nothing then. */
  problem?: string
}

/** Which bundle to install, from which marketplace source, into which scope. */
export type TPluginInstallRequest = { source: string; name: string; scope: TPluginScope }

/**
 * Bundle plugins of a session: the project scope lives in the session's workspace
 * (`.robota/plugins/`), the user scope in the host's own store. A change applies to the session
 * from its next turn; other open sessions take user-scope changes when next assembled.
 */
export interface IHostPlugins {
  /** Searches one marketplace source (a JSON index URL) by words, keyword and category. */
  searchPlugins(query: TMarketplaceQuery & { source: string }): Promise<TMarketplaceSearch>
  /** Downloads, verifies and installs a bundle; returns the session's bundles afterwards. */
  installPlugin(sessionId: string, request: TPluginInstallRequest): Promise<TPluginView[]>
  /** The bundles installed for the session, in both scopes, with what each contributes. */
  listPlugins(sessionId: string): Promise<TPluginView[]>
  /** Enables or disables an installed bundle; returns the session's bundles afterwards. */
  setPluginEnabled(sessionId: string, scope: TPluginScope, name: string, enabled: boolean): Promise<TPluginView[]>
  /** Removes a bundle and all of its files; returns the session's bundles afterwards. */
  uninstallPlugin(sessionId: string, scope: TPluginScope, name: string): Promise<TPluginView[]>
}
