import type { IAIProvider } from './provider.ts'
import type { IProviderModelCatalog, TProviderModelCatalogRefresh } from './provider-model-catalog.ts'

/** A provider-owned option value: plain, serializable data that generic layers pass through. */
export type TProviderOptionValue =
  | string
  | number
  | boolean
  | null
  | readonly TProviderOptionValue[]
  | { readonly [key: string]: TProviderOptionValue }

/** Normalized provider configuration handed to a definition; `options` belongs to the provider package. */
export type IProviderConfig = {
  /** The canonical provider type, as its definition names it. */
  type: string
  model?: string
  /** A secret, or a `$ENV:<name>` reference to resolve before use. */
  apiKey?: string
  baseURL?: string
  /**
   * How long the provider's SDK waits for a response to begin, in milliseconds, before it fails
   * the request (retried like a 5xx, within `maxRetries`); the SDK's default when left out.
   */
  timeout?: number
  /** How often the provider's SDK retries a failed request (429, 5xx); the SDK's default, 2, when left out. */
  maxRetries?: number
  options?: Readonly<Record<string, TProviderOptionValue>>
}

/** Values a definition suggests when the user has not set them. */
export type TProviderDefaults = Omit<IProviderConfig, 'type' | 'apiKey'>

/** Kind of official setup link, in the order setup flows prefer them. */
export type TProviderSetupHelpLinkKind = 'api-key' | 'console' | 'official'

/** An official link a setup flow can show, such as where to create an API key. */
export type IProviderSetupHelpLink = {
  kind: TProviderSetupHelpLinkKind
  label: string
  url: string
  sourceUrl?: string
  /** ISO 8601 date the link was last checked. */
  lastVerifiedAt?: string
}

/** The generic credential fields a provider may require. */
export type TProviderCredentialField = 'apiKey'

/** Which credentials a provider needs: at least one of `anyOf`. */
export type IProviderCredentialRequirement = {
  anyOf: readonly TProviderCredentialField[]
  /** The environment variable conventionally holding the key, for `$ENV:` suggestions. */
  environmentVariable?: string
}

/** Configuration fields a setup flow may ask for. */
export type TProviderSetupField = 'model' | 'baseURL' | TProviderCredentialField

/** One question a generic setup flow asks, in order. */
export type TProviderSetupStep = {
  field: TProviderSetupField
  title: string
  defaultValue?: string
  required?: boolean
  /** Hide what is typed, for secrets. */
  masked?: boolean
}

/** What a probe of a configuration found: whether it works, a message, and any models it saw. */
export type IProviderProbeResult = {
  ok: boolean
  message: string
  models?: string[]
}

/**
 * The provider assembly port: everything a generic layer needs to list, set up, probe and create a
 * provider without knowing which one it is. Provider packages export one each.
 */
export interface IProviderDefinition {
  /** Canonical type, matched case-insensitively. */
  readonly type: string
  /** Other names accepted for `type`, also case-insensitive. */
  readonly aliases?: readonly string[]
  readonly displayName?: string
  readonly description?: string
  readonly defaults?: TProviderDefaults
  readonly setupHelpLinks?: readonly IProviderSetupHelpLink[]
  readonly setupSteps?: readonly TProviderSetupStep[]
  readonly credentialRequirement?: IProviderCredentialRequirement
  /** Static fallback catalog, shown until a refresh replaces it. */
  readonly modelCatalog?: IProviderModelCatalog
  readonly refreshModelCatalog?: TProviderModelCatalogRefresh
  /** Checks a configuration, such as by listing models, without running an agent. */
  probe?(config: IProviderConfig, options?: { signal?: AbortSignal }): Promise<IProviderProbeResult>
  /** Builds a provider from a configuration whose `$ENV:` references are already resolved. */
  createProvider(config: IProviderConfig): IAIProvider
}

/** The definition whose type or alias equals `typeOrAlias`, ignoring case and surrounding spaces. */
export function findProviderDefinition(
  definitions: readonly IProviderDefinition[],
  typeOrAlias: string
): IProviderDefinition | undefined {
  const wanted = typeOrAlias.trim().toLowerCase()
  return definitions.find(
    (definition) =>
      definition.type.toLowerCase() === wanted ||
      (definition.aliases ?? []).some((alias) => alias.toLowerCase() === wanted)
  )
}

/** Lists the types for an error message: `alpha, beta (aliases: b, bee)`; `(none)` when empty. */
export function formatSupportedProviderTypes(definitions: readonly IProviderDefinition[]): string {
  if (definitions.length === 0) return '(none)'
  return definitions
    .map(({ type, aliases = [] }) => (aliases.length === 0 ? type : `${type} (aliases: ${aliases.join(', ')})`))
    .join(', ')
}

/** @deprecated use `TProviderDefaults`; the `I` prefix marks interfaces and the specs' names. */
export type IProviderDefaults = TProviderDefaults

/** @deprecated use `TProviderSetupStep`; the `I` prefix marks interfaces and the specs' names. */
export type IProviderSetupStep = TProviderSetupStep
