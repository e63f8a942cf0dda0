import type { IModelDefinition } from '../../lib/core/context/models.ts'
import { CLAUDE_MODELS, DEFAULT_CONTEXT_WINDOW, GEMINI_MODELS, OPENAI_MODELS } from '../../worker/model-catalog.ts'
import type { TProviderKind } from './provider-catalog.ts'

const OFFLINE_DEMO_MODEL: IModelDefinition = {
  name: 'Scripted demo model',
  id: 'offline-demo',
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  maxOutput: 4_096
}

/**
 * The built-in table the model picker offers for each provider kind until the API lists its own.
 * Only the settings show it, so it loads with them rather than with the page's first paint.
 */
export const PROVIDER_MODELS: Readonly<Record<TProviderKind, readonly IModelDefinition[]>> = {
  'offline-demo': [OFFLINE_DEMO_MODEL],
  anthropic: Object.values(CLAUDE_MODELS),
  openai: Object.values(OPENAI_MODELS),
  google: Object.values(GEMINI_MODELS),
  'openai-compatible': Object.values(OPENAI_MODELS)
}
