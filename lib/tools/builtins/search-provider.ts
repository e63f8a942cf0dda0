/** One web search hit. */
export type TSearchResult = {
  title: string
  url: string
  description: string
  /** How old the page is, as the search service words it ("2 days ago"). */
  age?: string
}

/** Options of one search. */
export type TSearchOptions = {
  /** How many results to ask for. */
  count: number
  signal?: AbortSignal
}

/**
 * The search port behind the `WebSearch` tool: one query in, ranked results out. A failure is
 * thrown with a message the model can read; the tool turns it into a failed result.
 */
export interface ISearchProvider {
  /** A short label for the backend, such as `brave`. */
  readonly name: string
  /** Runs one query. */
  search(query: string, options: TSearchOptions): Promise<TSearchResult[]>
}
