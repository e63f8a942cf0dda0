/** One thing wrong with the manifest being edited, placed on its line when it can be. */
export type TManifestProblem = { message: string; line?: number }

/** The editor's text parsed as JSON, or the syntax error placed on its line. */
export function parseManifestText(text: string): { manifest: unknown; problems: TManifestProblem[] } {
  try {
    return { manifest: JSON.parse(text), problems: [] }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const lineColumn = /line (\d+) column (\d+)/.exec(message)
    const position = /position (\d+)/.exec(message)
    const offset = position ? Number(position[1]) : offsetOfExcerpt(text, message)
    const line = lineColumn ? Number(lineColumn[1]) : offset === undefined ? undefined : lineOfOffset(text, offset)
    return { manifest: undefined, problems: [{ message: `Not valid JSON: ${message}`, ...(line === undefined ? {} : { line }) }] }
  }
}

/**
 * The problems of a rejected manifest, each on the line of the entry it names. The worker keeps
 * the error's name and message, which lists one problem per `- ` line, so they are read from
 * there. `undefined` when the error is not a manifest rejection.
 */
export function manifestProblemsFromError(error: unknown, text: string): TManifestProblem[] | undefined {
  if (!(error instanceof Error) || error.name !== 'WorkspaceManifestError') return undefined
  // The worker's error transfer carries the problems, one per bad entry or field.
  const { problems } = error as { problems?: unknown }
  const listed = Array.isArray(problems) && problems.length > 0 ? problems.map(String) : [error.message]
  return listed.map((message) => {
    const entry = /^(?:entry|path) "([^"]+)"/.exec(message)?.[1] ?? /^(environment|permissions|entries)\b/.exec(message)?.[1]
    const line = entry === undefined ? undefined : lineOfKey(text, entry)
    return line === undefined ? { message } : { message, line }
  })
}

// Chromium names no position for an unexpected token; it quotes the text around it instead, from
// ten characters before it (`Unexpected token 'o', ..."les": [ oops }" is not valid JSON`).
function offsetOfExcerpt(text: string, message: string): number | undefined {
  const excerpt = /^Unexpected token .*?, \.\.\."([^]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message)?.[1]
  const start = excerpt === undefined ? -1 : text.indexOf(excerpt)
  return start < 0 ? undefined : start + 10
}

function lineOfOffset(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length
}

function lineOfKey(text: string, key: string): number | undefined {
  const index = text.indexOf(JSON.stringify(key))
  return index < 0 ? undefined : lineOfOffset(text, index)
}
