import { CLAUDE_MODELS, GEMINI_MODELS, OPENAI_MODELS, type IModelDefinition } from '../core/context/models.ts'
import { ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { TModelListing, TModelListingEntry } from './port/host-models.ts'
import type { TProviderChoice } from './port/host-sessions.ts'
import { describeError } from '../core/describe-error.ts'

// Built-in tables by the provider's `name`, the same tables the context accounting reads.
const BUILT_IN_MODELS: Readonly<Record<string, Readonly<Record<string, IModelDefinition>>>> = {
  anthropic: CLAUDE_MODELS,
  openai: OPENAI_MODELS,
  google: GEMINI_MODELS
}

type TModelListingProvider = IAIProvider & {
  listModels(options?: { signal?: AbortSignal }): Promise<Array<{ id: string; displayName?: string; contextWindow?: number; maxOutput?: number }>>
}

/**
 * Lists the models of the provider `choice` builds: live from its list-models endpoint, else the
 * built-in table with the reason (the choice's key cut from it).
 *
 * @throws ValidationError when `choice` is not a provider choice; whatever `createProvider` throws for an unknown kind.
 */
export async function listChoiceModels(choice: TProviderChoice, createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>): Promise<TModelListing> {
  if (typeof choice !== 'object' || choice === null || typeof choice.kind !== 'string' || choice.kind.trim() === '') {
    throw new ValidationError('listModels(): the provider choice must be an object with a "kind", such as { kind: "anthropic", model: "claude-sonnet-4-6", apiKey }.')
  }
  const provider = await createProvider(choice)
  const table = BUILT_IN_MODELS[provider.name] ?? {}
  const builtIn = Object.values(table).map((model) => ({ id: model.id, displayName: model.name, contextWindow: model.contextWindow, maxOutput: model.maxOutput }))
  if (!lists(provider)) return { status: 'fallback', models: builtIn, message: `The ${provider.name} provider does not list its models; showing the built-in list.` }
  try {
    const listed = await provider.listModels()
    return { status: 'live', models: listed.map((model) => toEntry(model, table[model.id])) }
  } catch (error) {
    const reason = redactSecretText(describeError(error), choice.apiKey ? [choice.apiKey] : [])
    return { status: 'fallback', models: builtIn, message: `Could not list the models (${reason}); showing the built-in list.` }
  }
}

function lists(provider: IAIProvider): provider is TModelListingProvider {
  return typeof (provider as Partial<TModelListingProvider>).listModels === 'function'
}

function toEntry(model: { id: string; displayName?: string; contextWindow?: number; maxOutput?: number }, known: IModelDefinition | undefined): TModelListingEntry {
  const contextWindow = model.contextWindow ?? known?.contextWindow
  const maxOutput = model.maxOutput ?? known?.maxOutput
  return {
    id: model.id,
    displayName: model.displayName ?? known?.name ?? model.id,
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(maxOutput === undefined ? {} : { maxOutput })
  }
}
