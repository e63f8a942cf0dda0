import * as z from 'zod'
import { HOOK_EVENTS } from '../../hooks/index.ts'
import { hookMatcherPattern } from '../../hooks/hook-matcher.ts'
import { parsePermissionPattern, PERMISSION_MODES } from '../../permissions/index.ts'
import { describeError } from '../../core/describe-error.ts'
import { inferMcpServerType } from '../../tools/mcp/infer-mcp-server-type.ts'

const failurePolicy = z.enum(['fail-open', 'fail-closed']).optional()

// `new URL('localhost:11434')` parses with the scheme "localhost:", so only http(s) is accepted:
// the slip is caught here, naming the file, instead of failing at the first request.
const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
const hookCommon = { timeoutMs: z.int().positive().optional(), failurePolicy }

const hookDefinitionSchema = z.discriminatedUnion('type', [
  z.object({ ...hookCommon, type: z.literal('command'), command: z.string().min(1), env: z.record(z.string(), z.string()).optional() }),
  z.object({
    ...hookCommon,
    type: z.literal('http'),
    url: httpUrl,
    method: z.string().min(1).optional(),
    headers: z.record(z.string(), z.string()).optional()
  }),
  z.object({ ...hookCommon, type: z.literal('prompt'), prompt: z.string().min(1), model: z.string().min(1).optional() }),
  z.object({ ...hookCommon, type: z.literal('agent'), agent: z.string().min(1), config: z.record(z.string(), z.unknown()).optional() })
])

// Compiled here as the hooks compile it, so a bad pattern is named with its file at load, not at a tool call.
const hookMatcherSchema = z.string().superRefine((matcher, context) => {
  try {
    hookMatcherPattern(matcher)
  } catch (error) {
    context.addIssue({ code: 'custom', message: `not a regular expression: ${describeError(error)}` })
  }
})

const hookGroupSchema = z.object({ matcher: hookMatcherSchema.optional(), hooks: z.array(hookDefinitionSchema).min(1) })

// A server name becomes part of tool names (`mcp__<server>__<tool>`), so it stays provider-safe.
const MCP_SERVER_NAME = /^[A-Za-z0-9_-]+$/
const mcpTimeout = z.int().positive().optional()
const stringRecord = z.record(z.string(), z.string()).optional()

const mcpServerSchema = z.preprocess(
  inferMcpServerType,
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.enum(['http', 'sse']), url: httpUrl, headers: stringRecord, timeoutMs: mcpTimeout }),
      z.object({ type: z.literal('stdio'), command: z.string().min(1), args: z.array(z.string()).optional(), env: stringRecord, timeoutMs: mcpTimeout })
    ],
    { error: 'expected { "type": "http" | "sse", "url": … } or { "command": …, "args": […] } (stdio, Node only)' }
  )
)

/** A permission pattern such as `Bash(npm test)`, checked with the same parser the gate uses. */
const permissionPatternSchema = z.string().superRefine((pattern, context) => {
  try {
    parsePermissionPattern(pattern)
  } catch (error) {
    context.addIssue({ code: 'custom', message: describeError(error) })
  }
})

/**
 * One settings file (`.robota/settings.json` and the layers beside it). Unknown top-level keys
 * are dropped rather than refused, so a `.claude/settings.json` written by Claude Code, with keys
 * Robota does not use, still loads.
 */
export const settingsSchema = z.object({
  /** Model id the session talks to. */
  model: z.string().min(1).optional(),
  /** Language the model answers in, such as `English` or `ko`. */
  language: z.string().min(1).optional(),
  permissions: z
    .object({
      allow: z.array(permissionPatternSchema).optional(),
      deny: z.array(permissionPatternSchema).optional(),
      defaultMode: z.enum(PERMISSION_MODES).optional()
    })
    .optional(),
  hooks: z.partialRecord(z.enum(HOOK_EVENTS), z.array(hookGroupSchema)).optional(),
  /** Environment variables every sandbox command sees. */
  env: z.record(z.string(), z.string()).optional(),
  /**
   * The provider and model the workspace asks for. The agent host builds the session's provider
   * from it (`name` is the provider kind) unless the page chose one; an `InteractiveSession`, handed
   * a built provider, takes `model` and refuses a `name` other than its provider's.
   */
  provider: z
    .object({
      name: z.string().min(1).optional(),
      model: z.string().min(1).optional(),
      apiKey: z.string().min(1).optional(),
      baseURL: httpUrl.optional(),
      /** How often the provider's SDK retries a failed request, 0 for never; read by the terminal client and the agent host. */
      maxRetries: z.int().nonnegative().optional()
    })
    .optional(),
  compaction: z
    .object({
      /** Whether the session compacts on its own when the context window fills. */
      auto: z.boolean().optional(),
      /** Share of the context window that triggers auto-compaction, above 0 and at most 1. */
      threshold: z.number().gt(0).lte(1).optional()
    })
    .optional(),
  /**
   * MCP servers whose tools the session offers as `mcp__<server>__<tool>`, written as Claude Code
   * writes them: `{ "name": { "type": "http", "url", "headers" } }`, or in Node
   * `{ "name": { "command", "args", "env" } }` for a stdio server.
   */
  mcpServers: z
    .record(z.string(), mcpServerSchema)
    .superRefine((servers, context) => {
      for (const name of Object.keys(servers)) {
        if (!MCP_SERVER_NAME.test(name)) context.addIssue({ code: 'custom', path: [name], message: 'an MCP server name may hold only letters, digits, "_" and "-"' })
      }
    })
    .optional(),
  /** Cap on model/tool rounds per prompt. */
  maxTurns: z.int().positive().optional(),
  /** Text that ends each reply where the model writes it; layers add to the list. */
  stopSequences: z.array(z.string().min(1, 'a stop sequence may not be empty')).optional(),
  /**
   * Fields merged into the provider's own request, keyed by provider name:
   * `{ "anthropic": { "top_k": 5 }, "openai": { … }, "google": { … } }`. A field Robota sets
   * itself (model, messages, tools, stream…) is refused by the provider, naming the field.
   */
  providerOptions: z
    .record(z.string(), z.record(z.string(), z.unknown(), { error: 'expected an object of request fields, as that provider\'s API spells them' }), {
      error: 'expected an object keyed by provider name, such as { "anthropic": { "top_k": 5 } }'
    })
    .optional()
})

/** Validated settings: one file, or every layer merged. */
export type TSettings = z.output<typeof settingsSchema>
