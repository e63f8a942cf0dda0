import type { IModelDefinition } from '../../core/context/models.ts'
import type { IProviderModelCatalog, TProviderModelCapability } from '../../core/provider-model-catalog.ts'

/** Date the static catalogs below were last checked against their sources. */
export const CATALOG_VERIFIED_AT = '2026-11-01'

/**
 * A provider's fallback catalog from the core model table: one entry per model (dated snapshot
 * ids become aliases of the model they pin), marked as a fallback until a live refresh exists.
 */
export function toFallbackCatalog(
  models: Readonly<Record<string, IModelDefinition>>,
  sourceUrl: string,
  capabilities: readonly TProviderModelCapability[]
): IProviderModelCatalog {
  const byName = new Map<string, { definition: IModelDefinition; aliases: string[] }>()
  for (const definition of Object.values(models)) {
    const existing = byName.get(definition.name)
    if (existing) existing.aliases.push(definition.id)
    else byName.set(definition.name, { definition, aliases: [] })
  }
  return {
    status: 'fallback',
    sourceUrl,
    lastVerifiedAt: CATALOG_VERIFIED_AT,
    message: 'Built-in list; it may lag behind the models the provider offers today.',
    entries: [...byName.values()].map(({ definition, aliases }) => ({
      id: definition.id,
      displayName: definition.name,
      ...(aliases.length > 0 ? { aliases } : {}),
      contextWindow: definition.contextWindow,
      maxOutput: definition.maxOutput,
      capabilities,
      lifecycle: 'active' as const,
      lastVerifiedAt: CATALOG_VERIFIED_AT,
      sourceUrl
    }))
  }
}
