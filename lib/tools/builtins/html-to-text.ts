import { decodeHtmlEntities } from './html-entities.ts'

// Elements whose content is never readable text.
const HIDDEN_ELEMENTS = 'script|style|noscript|template|svg|head|iframe|object|canvas|select'
// An opening tag's attributes, where a quoted value may hold `>`.
const ATTRIBUTES = `(?:\\s(?:[^>"']|"[^"]*"|'[^']*')*)?`
const HIDDEN_PATTERN = new RegExp(`<(${HIDDEN_ELEMENTS})\\b${ATTRIBUTES}>[\\s\\S]*?</\\1\\s*>`, 'gi')
const TOKEN_PATTERN = new RegExp(`<!--[\\s\\S]*?(?:-->|$)|<!\\w[^>]*>|<(/?)([a-zA-Z][a-zA-Z0-9-]*)(${ATTRIBUTES})\\s*/?>|[^<]+|<`, 'g')

const PARAGRAPH_ELEMENTS = new Set(['p', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'figure', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'main', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const LINE_ELEMENTS = new Set(['div', 'li', 'tr', 'dt', 'dd', 'figcaption', 'address', 'caption', 'details', 'summary', 'hr', 'br'])

/** Accumulates text, collapsing whitespace the way a browser lays it out and capping blank lines at one. */
class TextBuilder {
  private output = ''
  private pendingNewlines = 0
  private pendingSpace = false

  text(raw: string, preformatted: boolean): void {
    if (preformatted) return this.write(raw)
    const collapsed = raw.replace(/\s+/g, ' ')
    if (collapsed === ' ') {
      this.pendingSpace = true
      return
    }
    if (collapsed.startsWith(' ')) this.pendingSpace = true
    this.write(collapsed.trim())
    this.pendingSpace = collapsed.endsWith(' ')
  }

  /** Writes text as is after any pending break, such as a list bullet. */
  write(text: string): void {
    if (text === '') return
    if (this.pendingNewlines > 0 && this.output !== '') this.output += '\n'.repeat(Math.min(this.pendingNewlines, 2))
    else if (this.pendingSpace && this.output !== '' && !/\s$/.test(this.output)) this.output += ' '
    this.pendingNewlines = 0
    this.pendingSpace = false
    this.output += text
  }

  newlines(count: number): void {
    this.pendingNewlines = Math.max(this.pendingNewlines, count)
    this.pendingSpace = false
  }

  /** A position in the text so far, to read back what was written after it. */
  mark(): number {
    return this.output.length
  }

  textSince(mark: number): string {
    return this.output.slice(mark).trim()
  }

  toString(): string {
    return this.output.replace(/[ \t]+\n/g, '\n').trim()
  }
}

/**
 * Turns an HTML page into readable plain text with a little Markdown: headings get `#`, list items
 * `-` or `1.`, table cells are joined with `|`, links keep their target as `text (url)`, and
 * scripts, styles and the head are dropped. Works without a DOM, so it runs in workers and Node.
 */
export function htmlToText(html: string, pageUrl?: string): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]
  const builder = new TextBuilder()
  if (title !== undefined && title.trim() !== '') {
    builder.write(`# ${decodeHtmlEntities(title).replace(/\s+/g, ' ').trim()}`)
    builder.newlines(2)
  }
  const state: TConversionState = { builder, pageUrl, links: [], lists: [], preDepth: 0, cellIndex: 0 }
  for (const match of html.replace(HIDDEN_PATTERN, ' ').matchAll(TOKEN_PATTERN)) {
    const [token, slash, rawName, attributes = ''] = match
    if (rawName === undefined) {
      if (!token.startsWith('<!')) builder.text(decodeHtmlEntities(token), state.preDepth > 0)
      continue
    }
    const name = rawName.toLowerCase()
    if (name === 'pre') state.preDepth = Math.max(0, state.preDepth + (slash === '/' ? -1 : 1))
    if (PARAGRAPH_ELEMENTS.has(name)) builder.newlines(2)
    else if (LINE_ELEMENTS.has(name)) builder.newlines(1)
    if (slash === '/') closeElement(name, state)
    else openElement(name, attributes, state)
  }
  return builder.toString()
}

type TConversionState = {
  builder: TextBuilder
  pageUrl: string | undefined
  links: Array<{ target: string | undefined; mark: number }>
  lists: Array<{ ordered: boolean; count: number }>
  preDepth: number
  cellIndex: number
}

function openElement(name: string, attributes: string, state: TConversionState): void {
  const { builder, lists } = state
  switch (name) {
    case 'ul':
    case 'ol':
      lists.push({ ordered: name === 'ol', count: 0 })
      return
    case 'li': {
      const list = lists[lists.length - 1]
      const indent = '  '.repeat(Math.max(0, lists.length - 1))
      builder.write(list?.ordered ? `${indent}${++list.count}. ` : `${indent}- `)
      return
    }
    case 'tr':
      state.cellIndex = 0
      return
    case 'td':
    case 'th':
      builder.write(state.cellIndex++ === 0 ? '' : ' | ')
      return
    case 'hr':
      builder.write('---')
      builder.newlines(1)
      return
    case 'a':
      state.links.push({ target: linkTarget(readAttribute(attributes, 'href'), state.pageUrl), mark: builder.mark() })
      return
    case 'img': {
      const alt = readAttribute(attributes, 'alt')?.trim()
      if (alt) builder.text(` [image: ${alt}] `, false)
      return
    }
    default:
      if (/^h[1-6]$/.test(name)) builder.write(`${'#'.repeat(Number(name[1]))} `)
  }
}

function closeElement(name: string, state: TConversionState): void {
  if (name === 'ul' || name === 'ol') state.lists.pop()
  if (name !== 'a') return
  const link = state.links.pop()
  const text = link === undefined ? '' : state.builder.textSince(link.mark)
  // A link whose text is its own address needs no repeating.
  if (link?.target !== undefined && text !== '' && text !== link.target && `${text}/` !== link.target) {
    state.builder.text(` (${link.target})`, false)
  }
}

function readAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value === undefined ? undefined : decodeHtmlEntities(value)
}

// Only links a reader could follow are kept: in-page anchors and script URLs say nothing.
function linkTarget(href: string | undefined, pageUrl: string | undefined): string | undefined {
  if (href === undefined || href === '' || href.startsWith('#') || /^\s*javascript:/i.test(href)) return undefined
  try {
    return new URL(href, pageUrl).href
  } catch {
    return href
  }
}
