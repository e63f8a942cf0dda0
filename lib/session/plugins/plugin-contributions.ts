import type { ITool } from '../../core/tool.ts'
import type { IPluginFileStore } from '../../storage/plugin-file-store.ts'
import { createOpenAPITool } from '../../tools/openapi/openapi-tool.ts'
import { listOpenAPIOperations } from '../../tools/openapi/plan-openapi-operation.ts'
import type { TSkill } from '../commands/skill-loader.ts'
import type { TSettings } from '../config/settings-schema.ts'
import type { TFileProblem } from '../markdown-frontmatter.ts'
import type { IAgentDefinition } from '../subagents/agent-definition.ts'
import { BundlePluginInstaller } from './bundle-plugin-installer.ts'
import type { ILoadedBundlePlugin } from './loaded-bundle-plugin.ts'
import { PluginCommandSource } from './plugin-command-source.ts'
import type { TPluginScope } from './plugin-registry.ts'

/** An enabled bundle and the scope it was installed in. */
export type TEnabledPlugin = { scope: TPluginScope; plugin: ILoadedBundlePlugin }

/** A bundle's settings (hooks, permission rules, MCP servers) as one settings layer. */
export type TPluginSettingsLayer = { source: string; settings: TSettings }

/** What the enabled bundles give a session. */
export type TPluginContributions = {
  plugins: TEnabledPlugin[]
  /** Lowest precedence first: user-scope bundles, then project-scope ones; all below the settings files. */
  settingsLayers: TPluginSettingsLayer[]
  commands: PluginCommandSource
  skills: TSkill[]
  agents: IAgentDefinition[]
  /** System prompt additions, by bundle. */
  systemPrompts: Array<{ plugin: string; text: string }>
  /** Bundles that were skipped, and why. */
  problems: TFileProblem[]
}

/** The plugin stores a session reads: the project's (its sandbox workspace) and the user's. */
export type TPluginStores = { project?: IPluginFileStore; user?: IPluginFileStore }

/**
 * Reads the enabled bundles of both scopes. A bundle installed in both is taken from the project
 * scope; one that fails its pins or no longer loads is skipped and reported.
 */
export async function loadPluginContributions(stores: TPluginStores): Promise<TPluginContributions> {
  const [project, user] = await Promise.all([
    stores.project ? new BundlePluginInstaller(stores.project, 'project').loadEnabled() : undefined,
    stores.user ? new BundlePluginInstaller(stores.user, 'user').loadEnabled() : undefined
  ])
  const problems = [...(project?.problems ?? []), ...(user?.problems ?? [])]
  const projectNames = new Set((project?.plugins ?? []).map((plugin) => plugin.manifest.name))
  const plugins: TEnabledPlugin[] = [
    ...(user?.plugins ?? []).filter((plugin) => {
      if (!projectNames.has(plugin.manifest.name)) return true
      problems.push({ file: `plugin ${plugin.manifest.name} (user)`, message: `The bundle "${plugin.manifest.name}" is installed in the project too; the project's is used.` })
      return false
    }).map((plugin) => ({ scope: 'user' as const, plugin })),
    ...(project?.plugins ?? []).map((plugin) => ({ scope: 'project' as const, plugin }))
  ]
  return toContributions(plugins, problems)
}

/** The contributions of bundles already loaded, in precedence order (lowest first). */
export function toContributions(plugins: readonly TEnabledPlugin[], problems: TFileProblem[] = []): TPluginContributions {
  const loaded = plugins.map((entry) => entry.plugin)
  return {
    plugins: [...plugins],
    settingsLayers: plugins.map(({ scope, plugin }) => ({ source: `plugin ${plugin.manifest.name} (${scope})`, settings: toSettingsLayer(plugin) })),
    commands: new PluginCommandSource(loaded),
    skills: loaded.flatMap((plugin) => plugin.skills),
    agents: loaded.flatMap((plugin) => plugin.agents),
    systemPrompts: loaded.flatMap((plugin) => (plugin.systemPrompt ? [{ plugin: plugin.manifest.name, text: plugin.systemPrompt }] : [])),
    problems
  }
}

function toSettingsLayer(plugin: ILoadedBundlePlugin): TSettings {
  const { allow, deny } = plugin.permissions
  return {
    ...(Object.keys(plugin.hooks).length > 0 ? { hooks: plugin.hooks } : {}),
    ...(allow.length > 0 || deny.length > 0 ? { permissions: { ...(allow.length > 0 ? { allow } : {}), ...(deny.length > 0 ? { deny } : {}) } } : {}),
    ...(Object.keys(plugin.mcpServers).length > 0 ? { mcpServers: plugin.mcpServers } : {})
  } as TSettings
}

/**
 * The tools of the bundles' OpenAPI documents, one per operation, named
 * `<plugin>__<operation>` (provider-safe, at most 64 characters).
 */
export function createPluginTools(contributions: TPluginContributions): ITool[] {
  return contributions.plugins.flatMap(({ plugin }) =>
    plugin.tools.flatMap(({ document, baseUrl }) =>
      listOpenAPIOperations(document).map(({ method, path, operation }) => {
        const operationName = operation.operationId ?? `${method}_${path}`
        return createOpenAPITool({
          document,
          operation: operation.operationId ?? `${method.toUpperCase()} ${path}`,
          name: `${plugin.manifest.name}__${operationName}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
          ...(baseUrl ? { baseUrl } : {})
        })
      })
    )
  )
}
