/** The list-models dialects the fake server answers, one per API. */
export type TListModelsDialect = 'anthropic' | 'openai' | 'gemini'

/** Models listed when the server was started without `models`. */
export const DEFAULT_LISTED_MODELS: Readonly<Record<TListModelsDialect, readonly string[]>> = {
  anthropic: ['claude-sonnet-4-6', 'claude-haiku-4-5'],
  openai: ['gpt-5-mini', 'gpt-4o-mini'],
  gemini: ['gemini-2.5-flash', 'gemini-2.5-pro']
}

/**
 * Which API's list-models a `GET` asks for: `/v1/models` is both Anthropic's and OpenAI's, told
 * apart by the `anthropic-version` header the Anthropic SDK always sends; `/v1beta/models` is Gemini's.
 */
export function matchListModels(method: string, path: string, headers: Record<string, string>): TListModelsDialect | undefined {
  if (method !== 'GET') return undefined
  if (path === '/v1/models') return headers['anthropic-version'] !== undefined ? 'anthropic' : 'openai'
  if (path === '/v1beta/models') return 'gemini'
  return undefined
}

/** The list-models body of each API, one page holding every model. */
export function listModelsBody(dialect: TListModelsDialect, models: readonly string[]): Record<string, unknown> {
  if (dialect === 'anthropic') {
    const data = models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' }))
    return { data, has_more: false, first_id: models[0] ?? null, last_id: models.at(-1) ?? null }
  }
  if (dialect === 'openai') {
    return { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) }
  }
  return {
    models: models.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedActions: ['generateContent', 'countTokens']
    }))
  }
}
