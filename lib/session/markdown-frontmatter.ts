import { ConfigurationError } from '../core/errors.ts'

/** A file that could not be used, and why; loaders report these instead of failing the session. */
export type TFileProblem = { file: string; message: string }

/** A Markdown file split into its YAML frontmatter (an object, empty when absent) and its body. */
export type TMarkdownDocument = { attributes: Record<string, unknown>; body: string }

// The opening fence must be the first line; the closing fence is the next line that is exactly `---`.
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m

/**
 * Parses `---`-fenced YAML frontmatter at the very start of a Markdown file (SKILL.md, agent
 * definitions). A file without frontmatter has empty attributes and the whole text as its body.
 * The YAML parser loads with the first file that has frontmatter.
 * @throws ConfigurationError naming `file` when the YAML is malformed or is not a mapping.
 */
export async function parseMarkdownFrontmatter(text: string, file: string): Promise<TMarkdownDocument> {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const match = source.startsWith('---') ? FRONTMATTER.exec(source) : null
  if (!match || match.index !== 0) return { attributes: {}, body: source.trim() }
  const frontmatter = match[1] ?? ''
  const body = source.slice(match[0].length).trim()
  // Most workspaces have no skill or agent files, so the parser (about 30 KB gzip) stays out of the eager bundle.
  const { parse: parseYaml } = await import('yaml')
  let parsed: unknown
  try {
    parsed = parseYaml(frontmatter)
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new ConfigurationError(`${file}: the frontmatter is not valid YAML: ${reason}`, { details: { file }, cause: error })
  }
  if (parsed === null || parsed === undefined) return { attributes: {}, body }
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigurationError(`${file}: the frontmatter must be a YAML mapping of fields`, { details: { file } })
  }
  return { attributes: parsed as Record<string, unknown>, body }
}

/**
 * Reads a list-valued frontmatter field written either as a YAML list or as a comma-separated
 * string (`tools: Read, Grep`), as Claude Code's files do. `undefined` when the field is absent.
 */
export function readNameList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined
  const items = Array.isArray(value) ? value : String(value).split(',')
  return items.map((item) => String(item).trim()).filter((item) => item !== '')
}

/** A one-line description from a body: its first non-empty line without Markdown heading marks. */
export function firstLineOf(body: string, limit = 120): string {
  const line = body.split(/\r?\n/).map((text) => text.replace(/^#+\s*/, '').trim()).find((text) => text !== '') ?? ''
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line
}
