import { ConfigurationError } from '../../core/errors.ts'
import type { TProviderRequestOptions } from '../../core/provider.ts'

/** Request fields Robota sets itself, each with what sets it, as an error names it. */
export type TReservedRequestFields = Readonly<Record<string, string>>

/**
 * The request fields of `providerOptions[provider]` to merge into a native request, shallowly,
 * over what Robota built. A field Robota sets itself is refused with a `ConfigurationError`
 * naming the field and what to use instead, so an option never silently loses to another.
 */
export function pickProviderOptions(
  providerOptions: Readonly<Record<string, TProviderRequestOptions | undefined>> | undefined,
  provider: { name: string; label: string },
  reserved: TReservedRequestFields
): TProviderRequestOptions {
  const fields = providerOptions?.[provider.name]
  if (fields === undefined) return {}
  for (const key of Object.keys(fields)) {
    const setBy = Object.hasOwn(reserved, key) ? reserved[key] : undefined
    if (setBy === undefined) continue
    throw new ConfigurationError(
      `${provider.label} cannot take providerOptions.${provider.name}.${key}: Robota sets \`${key}\` itself (${setBy}). Remove it from providerOptions.`,
      { details: { provider: provider.name, option: 'providerOptions', key } }
    )
  }
  return fields
}
