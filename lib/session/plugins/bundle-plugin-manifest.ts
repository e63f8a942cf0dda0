import * as z from 'zod'
import type { THooksConfig } from '../../hooks/index.ts'
import { settingsSchema } from '../config/settings-schema.ts'

/** The file every bundle holds at its root. */
export const BUNDLE_MANIFEST_FILE = 'plugin.json'

/** A plugin name: it prefixes the bundle's commands, skills and agents (`review-kit:audit`). */
export const PLUGIN_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/

const settingsShape = settingsSchema.shape
const relativeFile = z.string().min(1, 'expected a path inside the bundle')

/** `mcpServers` of a bundle: remote servers only, since a bundle never starts a process. */
const bundleMcpServersSchema = settingsShape.mcpServers.superRefine((servers, context) => {
  for (const [name, server] of Object.entries(servers ?? {})) {
    if (server.type === 'stdio') context.addIssue({ code: 'custom', path: [name], message: 'a bundle may name only http or sse MCP servers: it never starts a process' })
  }
})

/** The manifest (`plugin.json`): metadata and the bundle's declarative parts. Unknown keys are refused, so a typo is named. */
export const bundlePluginManifestSchema = z.strictObject({
  name: z.string().regex(PLUGIN_NAME, 'lower-case letters, digits and "-", at most 64, starting with a letter or digit'),
  version: z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/, 'expected a version such as 1.0.0'),
  description: z.string().trim().min(1, 'say what the bundle does'),
  author: z.union([z.string().trim().min(1), z.strictObject({ name: z.string().trim().min(1), email: z.string().optional(), url: z.string().optional() })], {
    error: (issue) => `${issue.input === undefined ? 'missing: expected' : 'expected'} a name, or { "name": "…", "email"?: "…", "url"?: "…" }`
  }),
  keywords: z.array(z.string().trim().min(1)).default([]),
  /** One category the marketplace files it under, such as `review` or `testing`. */
  category: z.string().trim().min(1).optional(),
  /** Hooks, written as in `.robota/settings.json`. */
  hooks: settingsShape.hooks,
  /** Allow and deny patterns, written as in `.robota/settings.json`. */
  permissions: z.strictObject({ allow: settingsShape.permissions.unwrap().shape.allow, deny: settingsShape.permissions.unwrap().shape.deny }).optional(),
  /** Text added to the system prompt of every session the bundle is enabled in. */
  systemPrompt: z.string().trim().min(1).optional(),
  /** A Markdown file of the bundle whose text is added to the system prompt. */
  systemPromptFile: relativeFile.optional(),
  /** OpenAPI 3 documents of the bundle whose operations become tools. */
  openapi: z.array(z.strictObject({ file: relativeFile, baseUrl: z.url({ protocol: /^https?$/ }).optional() })).optional(),
  /** MCP servers (http or sse), written as in `.robota/settings.json`. */
  mcpServers: bundleMcpServersSchema
})

/** The author of a bundle: a name, or a name with contact details. */
export type TBundlePluginAuthor = string | { name: string; email?: string | undefined; url?: string | undefined }

/** A bundle's manifest: its metadata (name, version, description, author, keywords) and what it declares. */
export interface IBundlePluginManifest {
  name: string
  version: string
  description: string
  author: TBundlePluginAuthor
  keywords: string[]
  category?: string | undefined
  hooks?: THooksConfig | undefined
  permissions?: { allow?: string[] | undefined; deny?: string[] | undefined } | undefined
  systemPrompt?: string | undefined
  systemPromptFile?: string | undefined
  openapi?: Array<{ file: string; baseUrl?: string | undefined }> | undefined
  mcpServers?: z.output<typeof bundleMcpServersSchema>
}
