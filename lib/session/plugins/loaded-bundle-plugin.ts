import type { THooksConfig } from '../../hooks/index.ts'
import type { TOpenAPIDocument } from '../../tools/openapi/openapi-document.ts'
import type { TMcpServers } from '../../tools/mcp/mcp-server-config.ts'
import type { TSkill } from '../commands/skill-loader.ts'
import type { IAgentDefinition } from '../subagents/agent-definition.ts'
import type { IBundlePluginManifest } from './bundle-plugin-manifest.ts'

/** A bundle's files: relative POSIX path to text. A folder read into memory, or an archive unpacked. */
export type TBundleFiles = Readonly<Record<string, string>>

/** One thing wrong with a bundle: the file, the field in it when there is one, and why. */
export type TBundleProblem = { path: string; field?: string; message: string }

/** An OpenAPI document a bundle declares, whose operations become tools. */
export type TBundleOpenApiDocument = { file: string; document: TOpenAPIDocument; baseUrl?: string }

/**
 * A bundle, validated whole and read: its manifest and what it contributes. Commands, skills and
 * agents are named `<plugin>:<name>`, so bundles never collide with each other or the workspace.
 */
export interface ILoadedBundlePlugin {
  manifest: IBundlePluginManifest
  /** Slash commands from `commands/*.md`. */
  commands: TSkill[]
  /** Skills from `skills/<name>/SKILL.md`. */
  skills: TSkill[]
  /** Agent definitions from `agents/*.md`. */
  agents: IAgentDefinition[]
  hooks: THooksConfig
  permissions: { allow: string[]; deny: string[] }
  /** Added to the system prompt: the manifest's `systemPrompt`, or its `systemPromptFile`'s text. */
  systemPrompt?: string
  /** OpenAPI documents whose operations become tools. */
  tools: TBundleOpenApiDocument[]
  mcpServers: TMcpServers
  /** Every file of the bundle and its SHA-256, hex. */
  pins: Record<string, string>
}
