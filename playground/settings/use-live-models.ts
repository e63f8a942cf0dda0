import { useCallback, useEffect, useState } from 'react'
import type { TModelListing, TProviderChoice } from '../../lib/host/agent-host.ts'

/** Asks the host for a provider choice's models (the worker builds the provider; the key stays there). */
export type TListModels = (choice: TProviderChoice) => Promise<TModelListing>

/** The live model list of the settings' draft: none until asked, then the host's answer. */
export type TLiveModels = {
  listing: TModelListing | undefined
  loading: boolean
  /** Why the host refused to list (an unknown provider, say), as the page shows it. */
  error: string | undefined
  refresh: () => void
}

/**
 * Lists the models of `choice` when `refresh` is called. A listing belongs to the provider,
 * server and key it was made with: changing any of them drops it, so the picker never offers
 * one provider's models for another. While `missingKey` says the key the provider needs is
 * missing, `refresh` shows that instead of asking the host, which could only refuse.
 */
export function useLiveModels(listModels: TListModels | undefined, choice: TProviderChoice, missingKey?: string): TLiveModels {
  const [listing, setListing] = useState<TModelListing | undefined>()
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const { kind, model, baseURL, apiKey } = choice
  const source = JSON.stringify([kind, baseURL, apiKey])

  useEffect(() => {
    setListing(undefined)
    setError(undefined)
  }, [source])

  const refresh = useCallback(() => {
    if (!listModels) return
    if (missingKey) {
      setError(missingKey)
      return
    }
    setLoading(true)
    setError(undefined)
    // Only what names the provider and its server: the listing needs no thinking or web search.
    listModels({ kind, model, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) })
      .then((answer) => setListing(answer))
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
      .finally(() => setLoading(false))
  }, [listModels, kind, model, baseURL, apiKey, missingKey])

  return { listing, loading, error, refresh }
}
