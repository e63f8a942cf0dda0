/** What core knows about one model: display name, API id and token limits. */
export type IModelDefinition = {
  /** Human-readable name, such as "Claude Sonnet 4.6". */
  name: string
  /** The id sent to the provider's API. */
  id: string
  /** Input plus output tokens the model accepts in one request. */
  contextWindow: number
  /** Most tokens the model may produce in one response. */
  maxOutput: number
}

/** Context window assumed for a model this table does not know. */
export const DEFAULT_CONTEXT_WINDOW = 200_000

/** Output ceiling assumed for a model this table does not know. */
export const DEFAULT_MAX_OUTPUT = 16_384

function defineModels(definitions: readonly IModelDefinition[]): Readonly<Record<string, IModelDefinition>> {
  return Object.fromEntries(definitions.map((definition) => [definition.id, definition]))
}

/**
 * Claude models from 4.5 on, keyed by API id; aliases and dated snapshots are both listed.
 * Windows are the standard 200K (the 1M beta needs an opt-in header, so it is not assumed).
 * Source: https://platform.claude.com/docs/en/about-claude/models/overview
 */
export const CLAUDE_MODELS: Readonly<Record<string, IModelDefinition>> = defineModels([
  { name: 'Claude Opus 4.6', id: 'claude-opus-4-6', contextWindow: 200_000, maxOutput: 128_000 },
  { name: 'Claude Sonnet 4.6', id: 'claude-sonnet-4-6', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Opus 4.5', id: 'claude-opus-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Opus 4.5', id: 'claude-opus-4-5-20251101', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Sonnet 4.5', id: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Sonnet 4.5', id: 'claude-sonnet-4-5-20250929', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Haiku 4.5', id: 'claude-haiku-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Haiku 4.5', id: 'claude-haiku-4-5-20251001', contextWindow: 200_000, maxOutput: 64_000 }
])

/**
 * OpenAI models, keyed by API id.
 * Source: https://platform.openai.com/docs/models
 */
export const OPENAI_MODELS: Readonly<Record<string, IModelDefinition>> = defineModels([
  { name: 'GPT-5', id: 'gpt-5', contextWindow: 400_000, maxOutput: 128_000 },
  { name: 'GPT-5 mini', id: 'gpt-5-mini', contextWindow: 400_000, maxOutput: 128_000 },
  { name: 'GPT-5 nano', id: 'gpt-5-nano', contextWindow: 400_000, maxOutput: 128_000 },
  { name: 'GPT-4.1', id: 'gpt-4.1', contextWindow: 1_047_576, maxOutput: 32_768 },
  { name: 'GPT-4.1 mini', id: 'gpt-4.1-mini', contextWindow: 1_047_576, maxOutput: 32_768 },
  { name: 'GPT-4.1 nano', id: 'gpt-4.1-nano', contextWindow: 1_047_576, maxOutput: 32_768 },
  { name: 'GPT-4o', id: 'gpt-4o', contextWindow: 128_000, maxOutput: 16_384 },
  { name: 'GPT-4o mini', id: 'gpt-4o-mini', contextWindow: 128_000, maxOutput: 16_384 },
  { name: 'o3', id: 'o3', contextWindow: 200_000, maxOutput: 100_000 },
  { name: 'o3-mini', id: 'o3-mini', contextWindow: 200_000, maxOutput: 100_000 },
  { name: 'o4-mini', id: 'o4-mini', contextWindow: 200_000, maxOutput: 100_000 }
])

/**
 * Gemini models of the Gemini API, keyed by API id. Windows are the 1,048,576-token input limit
 * plus the output limit, as the model cards give them.
 * Source: https://ai.google.dev/gemini-api/docs/models
 */
export const GEMINI_MODELS: Readonly<Record<string, IModelDefinition>> = defineModels([
  { name: 'Gemini 2.5 Pro', id: 'gemini-2.5-pro', contextWindow: 1_114_112, maxOutput: 65_536 },
  { name: 'Gemini 2.5 Flash', id: 'gemini-2.5-flash', contextWindow: 1_114_112, maxOutput: 65_536 },
  { name: 'Gemini 2.5 Flash-Lite', id: 'gemini-2.5-flash-lite', contextWindow: 1_114_112, maxOutput: 65_536 },
  { name: 'Gemini 2.0 Flash', id: 'gemini-2.0-flash', contextWindow: 1_056_768, maxOutput: 8_192 },
  { name: 'Gemini 2.0 Flash', id: 'gemini-2.0-flash-001', contextWindow: 1_056_768, maxOutput: 8_192 },
  { name: 'Gemini 2.0 Flash-Lite', id: 'gemini-2.0-flash-lite', contextWindow: 1_056_768, maxOutput: 8_192 }
])

// One lookup table over every family: callers ask by id and never need to know the vendor.
const KNOWN_MODELS: ReadonlyMap<string, IModelDefinition> = new Map(
  [...Object.values(CLAUDE_MODELS), ...Object.values(OPENAI_MODELS), ...Object.values(GEMINI_MODELS)].map((definition) => [definition.id, definition])
)

/** The model's definition, or `undefined` for an id the tables do not list. */
export function getModelDefinition(id: string): IModelDefinition | undefined {
  return KNOWN_MODELS.get(id)
}

/** The model's context window, or `DEFAULT_CONTEXT_WINDOW` for an unknown id. */
export function getModelContextWindow(id: string): number {
  return KNOWN_MODELS.get(id)?.contextWindow ?? DEFAULT_CONTEXT_WINDOW
}

/** The model's output ceiling, or `DEFAULT_MAX_OUTPUT` for an unknown id. */
export function getModelMaxOutput(id: string): number {
  return KNOWN_MODELS.get(id)?.maxOutput ?? DEFAULT_MAX_OUTPUT
}

/** The model's human-readable name, or the id itself when it is unknown. */
export function getModelName(id: string): string {
  return KNOWN_MODELS.get(id)?.name ?? id
}
