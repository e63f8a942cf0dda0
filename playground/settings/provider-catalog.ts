import type { IModelDefinition } from '../../lib/core/context/models.ts'

/** Provider kinds the playground offers; the worker builds each from plain data. */
export type TProviderKind = 'offline-demo' | 'anthropic' | 'openai' | 'openai-compatible'

/** What the settings form needs to know about one provider kind. */
export type TProviderOption = {
  kind: TProviderKind
  label: string
  /** One line under the picker: what this choice does and what it needs. */
  description: string
  models: readonly IModelDefinition[]
  defaultModel: string
  needsKey: boolean
  /** Whether the user types a base URL (and may type any model id). */
  needsBaseURL: boolean
  keyPlaceholder?: string
}

// The playground may import lib/ for types only, so the model tables are restated here;
// provider-catalog.test.ts checks they equal lib/core/context/models.ts entry for entry.
const CLAUDE: readonly IModelDefinition[] = [
  { name: 'Claude Opus 4.6', id: 'claude-opus-4-6', contextWindow: 200_000, maxOutput: 128_000 },
  { name: 'Claude Sonnet 4.6', id: 'claude-sonnet-4-6', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Opus 4.5', id: 'claude-opus-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Opus 4.5', id: 'claude-opus-4-5-20251101', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Sonnet 4.5', id: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Sonnet 4.5', id: 'claude-sonnet-4-5-20250929', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Haiku 4.5', id: 'claude-haiku-4-5', contextWindow: 200_000, maxOutput: 64_000 },
  { name: 'Claude Haiku 4.5', id: 'claude-haiku-4-5-20251001', contextWindow: 200_000, maxOutput: 64_000 }
]

const OPENAI: readonly IModelDefinition[] = [
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
]

/** Context window assumed for a model the tables do not list (lib's `DEFAULT_CONTEXT_WINDOW`). */
export const ASSUMED_CONTEXT_WINDOW = 200_000

/** The offline demo's one model. */
export const OFFLINE_DEMO_MODEL: IModelDefinition = {
  name: 'Scripted demo model',
  id: 'offline-demo',
  contextWindow: ASSUMED_CONTEXT_WINDOW,
  maxOutput: 4_096
}

/** Every provider the settings offer, the offline demo first. */
export const PROVIDER_OPTIONS: readonly TProviderOption[] = [
  {
    kind: 'offline-demo',
    label: 'Offline demo (scripted)',
    description: 'A scripted model: no key, no network. It really runs ls and cat in the in-memory sandbox and summarizes what they return.',
    models: [OFFLINE_DEMO_MODEL],
    defaultModel: 'offline-demo',
    needsKey: false,
    needsBaseURL: false
  },
  {
    kind: 'anthropic',
    label: 'Anthropic',
    description: 'Claude models over the Messages API, called from the worker in this tab.',
    models: CLAUDE,
    defaultModel: 'claude-sonnet-4-6',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'sk-ant-…'
  },
  {
    kind: 'openai',
    label: 'OpenAI',
    description: 'OpenAI models over the Responses API, called from the worker in this tab.',
    models: OPENAI,
    defaultModel: 'gpt-5-mini',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'sk-…'
  },
  {
    kind: 'openai-compatible',
    label: 'OpenAI-compatible server',
    description: 'Any server speaking Chat Completions (Ollama, vLLM, a gateway). It must allow CORS from this page.',
    models: OPENAI,
    defaultModel: 'gpt-4o-mini',
    needsKey: false,
    needsBaseURL: true,
    keyPlaceholder: 'optional'
  }
]

/** The option for `kind`; the offline demo for a kind this page does not know. */
export function findProviderOption(kind: string): TProviderOption {
  return PROVIDER_OPTIONS.find((option) => option.kind === kind) ?? (PROVIDER_OPTIONS[0] as TProviderOption)
}

/** The model's definition from any table, or `undefined` for an id none lists. */
export function findModel(id: string): IModelDefinition | undefined {
  for (const option of PROVIDER_OPTIONS) {
    const found = option.models.find((model) => model.id === id)
    if (found) return found
  }
  return undefined
}
