import type { IModelDefinition } from '../../lib/core/context/models.ts'
import type { TProviderChoice } from '../../lib/host/agent-host.ts'
import { CLAUDE_MODELS, DEFAULT_CONTEXT_WINDOW, GEMINI_MODELS, OPENAI_MODELS } from '../../worker/model-catalog.ts'

/** Provider kinds the playground offers; the worker builds each from plain data. */
export type TProviderKind = 'offline-demo' | 'anthropic' | 'openai' | 'google' | 'openai-compatible'

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

const CLAUDE: readonly IModelDefinition[] = Object.values(CLAUDE_MODELS)
const OPENAI: readonly IModelDefinition[] = Object.values(OPENAI_MODELS)
const GEMINI: readonly IModelDefinition[] = Object.values(GEMINI_MODELS)

/** Context window assumed for a model the tables do not list. */
export const ASSUMED_CONTEXT_WINDOW = DEFAULT_CONTEXT_WINDOW

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
    kind: 'google',
    label: 'Google',
    description: 'Gemini models over the Gemini API, called from the worker in this tab.',
    models: GEMINI,
    defaultModel: 'gemini-2.5-flash',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'AIza…'
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
  return findKnownProviderOption(kind) ?? (PROVIDER_OPTIONS[0] as TProviderOption)
}

/** The catalog entry of `kind`, or `undefined` for a provider the catalog does not list. */
export function findKnownProviderOption(kind: string): TProviderOption | undefined {
  return PROVIDER_OPTIONS.find((option) => option.kind === kind)
}

/** The model's definition from any table, or `undefined` for an id none lists. */
export function findModel(id: string): IModelDefinition | undefined {
  for (const option of PROVIDER_OPTIONS) {
    const found = option.models.find((model) => model.id === id)
    if (found) return found
  }
  return undefined
}

/**
 * Whether the choice's provider needs a key it does not carry: keys are forgotten on reload unless
 * remembered on this device. Behind the page's proxy the choice carries a stand-in, so needs none.
 */
export function lacksApiKey(choice: TProviderChoice): boolean {
  return findProviderOption(choice.kind).needsKey && !choice.apiKey
}
