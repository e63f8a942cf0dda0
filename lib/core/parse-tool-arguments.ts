/**
 * Key under which tool arguments that were not a JSON object are passed on, as the model sent
 * them. Providers put broken JSON there; tool validation reads it and tells the model.
 */
export const INVALID_JSON_ARGUMENTS_KEY = 'invalidJsonArguments'

/**
 * Parses streamed tool-call JSON. Text that is not a JSON object does not throw: it is passed
 * on under `invalidJsonArguments`, so the tool's validation reports it to the model, which can
 * correct the call in its next turn.
 */
export function parseToolArguments(text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // Models do stream broken JSON now and then; it is passed on below rather than thrown.
  }
  return { [INVALID_JSON_ARGUMENTS_KEY]: text }
}
