import type { TProviderChoice } from '../../lib/host/agent-host.ts'

/** Provider kinds the playground offers; the worker builds each from plain data. */
export type TProviderKind = 'offline-demo' | 'anthropic' | 'openai' | 'google' | 'openai-compatible'

/** What the page needs to know about one provider kind; its model table loads with the settings (`provider-models.ts`). */
export type TProviderOption = {
  kind: TProviderKind
  label: string
  /** One line under the picker: what this choice does and what it needs. */
  description: string
  defaultModel: string
  needsKey: boolean
  /** Whether the user types a base URL (and may type any model id). */
  needsBaseURL: boolean
  keyPlaceholder?: string
}

/** Every provider the settings offer, the offline demo first. */
export const PROVIDER_OPTIONS: readonly TProviderOption[] = [
  {
    kind: 'offline-demo',
    label: 'Offline demo (scripted)',
    description: 'A scripted model: no key, no network. It really runs ls and cat in the in-memory sandbox and summarizes what they return.',
    defaultModel: 'offline-demo',
    needsKey: false,
    needsBaseURL: false
  },
  {
    kind: 'anthropic',
    label: 'Anthropic',
    description: 'Claude models over the Messages API, called from the worker in this tab.',
    defaultModel: 'claude-sonnet-4-6',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'sk-ant-…'
  },
  {
    kind: 'openai',
    label: 'OpenAI',
    description: 'OpenAI models over the Responses API, called from the worker in this tab.',
    defaultModel: 'gpt-5-mini',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'sk-…'
  },
  {
    kind: 'google',
    label: 'Google',
    description: 'Gemini models over the Gemini API, called from the worker in this tab.',
    defaultModel: 'gemini-2.5-flash',
    needsKey: true,
    needsBaseURL: false,
    keyPlaceholder: 'AIza…'
  },
  {
    kind: 'openai-compatible',
    label: 'OpenAI-compatible server',
    description: 'Any server speaking Chat Completions (Ollama, vLLM, a gateway). It must allow CORS from this page.',
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

/**
 * Whether the choice's provider needs a key it does not carry: keys are forgotten on reload unless
 * remembered on this device. Behind the page's proxy the choice carries a stand-in, so needs none.
 */
export function lacksApiKey(choice: TProviderChoice): boolean {
  return findProviderOption(choice.kind).needsKey && !choice.apiKey
}
