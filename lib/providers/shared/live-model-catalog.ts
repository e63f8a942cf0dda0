import { isRobotaError } from '../../core/errors.ts'
import type { IProviderConfig, IProviderProbeResult } from '../../core/provider-definition.ts'
import type { IProviderModelCatalog, IProviderModelCatalogEntry, TProviderModelCatalogRefresh } from '../../core/provider-model-catalog.ts'
import type { IModelListingProvider, TListedModel } from './listed-model.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * A live catalog from what the list-models endpoint returned: one entry per listed model, with
 * the fallback table's context window, output limit and capabilities where it knows the model
 * (by id or alias), and the listing's own numbers otherwise.
 */
export function toLiveCatalog(listed: readonly TListedModel[], fallback: IProviderModelCatalog, now: Date = new Date()): IProviderModelCatalog {
  const known = new Map<string, IProviderModelCatalogEntry>()
  for (const entry of fallback.entries ?? []) {
    known.set(entry.id, entry)
    for (const alias of entry.aliases ?? []) known.set(alias, entry)
  }
  const lastVerifiedAt = now.toISOString()
  return {
    status: 'live',
    lastVerifiedAt,
    ...(fallback.sourceUrl ? { sourceUrl: fallback.sourceUrl } : {}),
    entries: listed.map((model) => {
      const table = known.get(model.id)
      const contextWindow = model.contextWindow ?? table?.contextWindow
      const maxOutput = model.maxOutput ?? table?.maxOutput
      return {
        id: model.id,
        displayName: model.displayName ?? table?.displayName ?? model.id,
        ...(contextWindow === undefined ? {} : { contextWindow }),
        ...(maxOutput === undefined ? {} : { maxOutput }),
        ...(table?.capabilities ? { capabilities: table.capabilities } : {}),
        lifecycle: 'active' as const,
        lastVerifiedAt
      }
    })
  }
}

/**
 * The `refreshModelCatalog` and `probe` hooks of a provider definition, over the provider's
 * list-models call. A refresh that fails gives the static table back, saying why; a probe that
 * fails says what went wrong (a wrong key, an unreachable server) with `ok: false`.
 */
export function createModelListingHooks(
  createProvider: (config: IProviderConfig) => IModelListingProvider,
  fallback: IProviderModelCatalog
): { refreshModelCatalog: TProviderModelCatalogRefresh; probe: (config: IProviderConfig, options?: { signal?: AbortSignal }) => Promise<IProviderProbeResult> } {
  const list = (config: IProviderConfig, signal: AbortSignal | undefined) => createProvider(config).listModels(signal ? { signal } : {})
  return {
    refreshModelCatalog: async ({ config, signal }) => {
      try {
        return toLiveCatalog(await list(config, signal), fallback)
      } catch (error) {
        return { ...fallback, status: 'fallback', message: `Could not list the models (${describe(error)}); showing the built-in list.` }
      }
    },
    probe: async (config, options) => {
      try {
        const models = (await list(config, options?.signal)).map((model) => model.id)
        return { ok: true, message: `The key works: ${models.length} models available.`, models }
      } catch (error) {
        return { ok: false, message: describe(error) }
      }
    }
  }
}

function describe(error: unknown): string {
  if (isRobotaError(error)) return error.message
  return describeError(error)
}
