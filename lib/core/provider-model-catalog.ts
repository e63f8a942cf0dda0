import type { IProviderConfig } from './provider-definition.ts'

/** How fresh a model catalog is: fetched now, generated from a source, a static fallback, or none. */
export type TProviderModelCatalogStatus = 'live' | 'generated' | 'fallback' | 'unavailable'

/** Where a model is in its life; `unavailable` models are shown but not offered for selection. */
export type TProviderModelLifecycle = 'active' | 'preview' | 'deprecated' | 'unavailable'

/** Capability labels a provider attaches to its models, for display and filtering only. */
export type TProviderModelCapability = 'tools' | 'vision' | 'json_schema' | 'reasoning' | 'native_web' | 'streaming'

/** One model as a provider package describes it for display and selection. */
export type IProviderModelCatalogEntry = {
  id: string
  displayName: string
  aliases?: readonly string[]
  contextWindow?: number
  maxOutput?: number
  capabilities?: readonly TProviderModelCapability[]
  lifecycle?: TProviderModelLifecycle
  /** ISO 8601 date the entry was last checked against `sourceUrl`. */
  lastVerifiedAt?: string
  sourceUrl?: string
}

/**
 * A provider-owned list of models. Static entries are a staleable fallback with their source and
 * verification date; `live` and `generated` catalogs come only from the provider's refresh hook.
 */
export type IProviderModelCatalog = {
  status: TProviderModelCatalogStatus
  entries?: readonly IProviderModelCatalogEntry[]
  lastVerifiedAt?: string
  sourceUrl?: string
  /** Why the catalog is a fallback or unavailable, shown to the user. */
  message?: string
}

/** Input of a catalog refresh: the effective configuration, passed through uninterpreted. */
export type IProviderModelCatalogRefreshOptions = {
  config: IProviderConfig
  signal?: AbortSignal
}

/** A provider-owned hook that fetches or builds a fresh catalog. */
export type TProviderModelCatalogRefresh = (
  options: IProviderModelCatalogRefreshOptions
) => Promise<IProviderModelCatalog>
