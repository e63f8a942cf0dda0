import type { TProviderChoice } from './host-sessions.ts'

/** One model a listing offers, in Robota's terms. */
export type TModelListingEntry = {
  id: string
  displayName: string
  contextWindow?: number
  maxOutput?: number
}

/**
 * The models a provider choice may use: `live` from the provider's list-models endpoint, or
 * `fallback`, the built-in table for its provider (empty for one Robota has none for), with
 * `message` saying why the endpoint was not used. Plain data; the choice's key is never in it.
 */
export type TModelListing = { status: 'live' | 'fallback'; models: TModelListingEntry[]; message?: string }

/** The models behind a provider choice, listed where the providers run (a worker, a server). */
export interface IHostModels {
  /**
   * Builds the provider `choice` names, as a session would, and lists its models; a listing that
   * fails falls back to the built-in table with the reason.
   *
   * @throws ConfigurationError when the host has no provider of that kind.
   */
  listModels(choice: TProviderChoice): Promise<TModelListing>
}
