/** One model a provider's list-models endpoint returned, in Robota's terms. */
export type TListedModel = {
  id: string
  displayName?: string
  contextWindow?: number
  maxOutput?: number
}

/** A provider that can list the models its key may use, through its SDK's list-models call. */
export interface IModelListingProvider {
  /** Every model the endpoint lists (all pages); API failures are mapped to Robota errors. */
  listModels(options?: { signal?: AbortSignal }): Promise<TListedModel[]>
}
