import type { MessageCreateParamsStreaming, TextBlockParam, ThinkingConfigParam, Tool, ToolChoice, ToolUnion, WebSearchTool20250305 } from '@anthropic-ai/sdk/resources/messages'
import { ConfigurationError, ValidationError } from '../../core/errors.ts'
import { pickProviderOptions, type TReservedRequestFields } from '../shared/pick-provider-options.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TToolChoice } from '../../core/provider.ts'
import { anthropicMaxOutputTokens } from './anthropic-models.ts'
import { toAnthropicMessages, toAnthropicTools } from './to-anthropic-messages.ts'

/** Request settings that belong to the provider instance rather than to one call. */
export type TAnthropicRequestSettings = {
  /** Marks the system prompt and the tool list as cacheable prefixes (`cache_control`). */
  promptCaching?: boolean
  /** Extended thinking; its blocks are kept in message metadata and sent back unmodified. */
  thinking?: ThinkingConfigParam
  /** Sends Anthropic's server-side `web_search` tool with every call, so the model may search the web. */
  enableWebTools?: boolean
  /** Most searches one reply may run (`max_uses`); the API's own limit when left out. */
  webSearchMaxUses?: number
}

/** The name and version of Anthropic's server-side web search tool Robota sends. */
export const ANTHROPIC_WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search' } as const

const EPHEMERAL = { type: 'ephemeral' } as const

/** Messages API fields Robota sets itself, which `providerOptions.anthropic` may not hold. */
export const ANTHROPIC_RESERVED_FIELDS = {
  model: "from the agent's defaultModel",
  messages: 'from the conversation',
  system: "from the agent's systemMessage",
  stream: 'every call streams',
  tools: "from the agent's tools",
  tool_choice: 'use the toolChoice option',
  max_tokens: 'use the maxTokens option',
  stop_sequences: 'use the stopSequences option',
  temperature: 'this API version has no temperature field',
  thinking: "use AnthropicProvider's thinking option"
} as const satisfies TReservedRequestFields

/**
 * Fields of the Messages API request that `providerOptions.anthropic` may carry (`top_k`,
 * `metadata`, `service_tier`…), as the SDK types them; write them with `satisfies`.
 */
export type TAnthropicRequestOptions = Partial<Omit<MessageCreateParamsStreaming, keyof typeof ANTHROPIC_RESERVED_FIELDS>>

/**
 * Builds the streaming Messages API request of one call. This API version has no `temperature`
 * field, so a call that asks for one is refused with a `ValidationError` rather than sent
 * without it. `toolChoice` is sent only with tools (`required` is the API's `any`).
 * `stopSequences` is `stop_sequences`; `providerOptions.anthropic` is merged last. An `output`
 * schema becomes the `structured_output` tool the model must call (`tool_choice` `any` when the
 * agent has tools of its own, so it may still use them first; `auto` with extended thinking).
 * With `enableWebTools` the server-side `web_search` tool goes last in `tools`.
 */
export function buildAnthropicRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  settings: TAnthropicRequestSettings = {}
): MessageCreateParamsStreaming {
  if (options.temperature !== undefined) {
    throw new ValidationError(
      'AnthropicProvider cannot send temperature: this version of the Anthropic Messages API has no temperature field. ' +
        'Remove `temperature` from the agent config or the run options when using Anthropic.',
      { details: { provider: 'anthropic', option: 'temperature' } }
    )
  }
  const { system, messages: converted } = toAnthropicMessages(messages)
  const tools: ToolUnion[] = [
    ...toAnthropicTools(options.tools ?? []),
    ...(options.output ? [toOutputTool(options)] : []),
    ...(settings.enableWebTools ? [toWebSearchTool(settings)] : [])
  ]
  const params: MessageCreateParamsStreaming = {
    model: options.model,
    max_tokens: options.maxTokens ?? anthropicMaxOutputTokens(options.model),
    messages: converted,
    stream: true
  }
  if (system !== undefined) params.system = settings.promptCaching ? [cacheableText(system)] : system
  if (tools.length > 0) params.tools = settings.promptCaching ? withCacheOnLast(tools) : tools
  if (options.output) params.tool_choice = toOutputToolChoice(tools.length > 1, settings.thinking)
  else if (tools.length > 0 && options.toolChoice !== undefined) params.tool_choice = toAnthropicToolChoice(options.toolChoice)
  if (options.stopSequences?.length) params.stop_sequences = options.stopSequences
  if (settings.thinking) params.thinking = settings.thinking
  const extra = pickProviderOptions(options.providerOptions, { name: 'anthropic', label: 'AnthropicProvider' }, ANTHROPIC_RESERVED_FIELDS)
  return { ...params, ...extra }
}

/** The tool an Anthropic reply answers through when the run asks for structured output. */
export const ANTHROPIC_OUTPUT_TOOL = 'structured_output'

function toWebSearchTool(settings: TAnthropicRequestSettings): WebSearchTool20250305 {
  return { ...ANTHROPIC_WEB_SEARCH_TOOL, ...(settings.webSearchMaxUses === undefined ? {} : { max_uses: settings.webSearchMaxUses }) }
}

function toOutputTool(options: IChatOptions): Tool {
  const schema = options.output?.schema ?? {}
  if (schema.type !== 'object') {
    throw new ConfigurationError(
      `AnthropicProvider cannot ask for output of JSON type ${JSON.stringify(schema.type)}: Anthropic answers structured output through a tool, whose input must be an object. Wrap the schema in an object.`,
      { details: { provider: 'anthropic', option: 'output' } }
    )
  }
  if (options.toolChoice !== undefined && options.toolChoice !== 'auto') {
    throw new ConfigurationError('AnthropicProvider cannot combine output with toolChoice: structured output is itself a tool the model must call. Remove `toolChoice`.', {
      details: { provider: 'anthropic', option: 'toolChoice' }
    })
  }
  return { name: ANTHROPIC_OUTPUT_TOOL, description: 'Give the final answer, as the user asked, in this structure.', input_schema: schema as Tool['input_schema'] }
}

// Extended thinking allows only `auto` or `none`: then the model is asked, not forced, and a
// plain JSON reply is validated all the same.
function toOutputToolChoice(hasOwnTools: boolean, thinking: ThinkingConfigParam | undefined): ToolChoice {
  if (thinking && thinking.type !== 'disabled') return { type: 'auto' }
  return hasOwnTools ? { type: 'any' } : { type: 'tool', name: ANTHROPIC_OUTPUT_TOOL }
}

function toAnthropicToolChoice(choice: TToolChoice): ToolChoice {
  if (choice === 'auto' || choice === 'none') return { type: choice }
  if (choice === 'required') return { type: 'any' }
  return { type: 'tool', name: choice.name }
}

function cacheableText(text: string): TextBlockParam {
  return { type: 'text', text, cache_control: EPHEMERAL }
}

// One breakpoint on the last tool caches the whole tool list before it.
function withCacheOnLast(tools: ToolUnion[]): ToolUnion[] {
  return tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool))
}
