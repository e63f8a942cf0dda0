import DOMPurify, { type Config } from 'dompurify'
import { Lexer, Marked } from 'marked'
import { hostOf, mayLoadImage, type TRemoteContentPolicy } from './remote-content.ts'

// Only what Markdown produces, and nothing that fetches on render: no `style` (CSS `url()`),
// `srcset`, `poster` or `background`, no `<link>`, `<style>`, media, frames or SVG.
const SANITIZE: Config = {
  ALLOWED_TAGS: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5',
    'h6', 'hr', 'i', 'img', 'input', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'summary', 'sup',
    'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul'
  ],
  ALLOWED_ATTR: ['align', 'alt', 'checked', 'class', 'colspan', 'disabled', 'href', 'open', 'rowspan', 'src', 'start', 'title', 'type'],
  ALLOW_DATA_ATTR: false,
  RETURN_DOM: true
}

// Raw HTML in model text is text: `.agents/skills/<name>/` shows its `<name>`, which as a tag the
// sanitizer would drop. Without the HTML tokenizers marked reads `<` as a character, and escapes it.
const markdown = new Marked({ async: false, gfm: true, breaks: true, tokenizer: { html: () => undefined, tag: () => undefined } })

// An instance of its own, so these hooks apply to model text only.
const purify = DOMPurify(globalThis.window)
purify.addHook('uponSanitizeAttribute', (node, data) => {
  // `src` is kept on images alone, which the pass below turns into placeholders or guards.
  if (data.attrName === 'src' && node.nodeName !== 'IMG') data.keepAttr = false
})

/**
 * Model text as sanitized HTML: GitHub-flavoured Markdown through marked, then DOMPurify; HTML in
 * the text shows as written, never as elements. Nothing in it fetches when the HTML is put into
 * the page: an image the policy does not allow becomes a button naming its host, which the message
 * view turns into the image on click. Links open in a new tab without opener or referrer and show
 * where they lead.
 */
export function renderMarkdown(text: string, policy: TRemoteContentPolicy): string {
  const body = sanitizedBody(text)
  // GitHub task lists render checkboxes; any other input (an image button, say) goes.
  for (const input of Array.from(body.querySelectorAll('input'))) {
    if (input.getAttribute('type') === 'checkbox') input.setAttribute('disabled', '')
    else input.remove()
  }
  for (const image of Array.from(body.querySelectorAll('img'))) guardImage(image, policy)
  for (const link of Array.from(body.querySelectorAll('a'))) markLink(link)
  return body.innerHTML
}

/**
 * The text model text shows once rendered (`renderMarkdown`), without its Markdown: an image is
 * its description, a line break a line end, and a link is followed by where it leads, as shown.
 */
export function renderMarkdownText(text: string): string {
  const body = sanitizedBody(text)
  for (const element of Array.from(body.querySelectorAll('br, img'))) element.replaceWith(element.nodeName === 'BR' ? '\n' : (element.getAttribute('alt') ?? ''))
  for (const link of Array.from(body.querySelectorAll('a'))) markLink(link)
  return body.textContent?.trim() ?? ''
}

function sanitizedBody(text: string): HTMLElement {
  const html = markdown.parse(text, { async: false })
  // DOMPurify's own document has no browsing context: nothing in it loads while it is rewritten.
  return purify.sanitize(html, SANITIZE) as unknown as HTMLElement
}

// Markdown taking the paths answers usually take, a little per idle period: the first sample pays
// what every render shares, the others inline marks, then lists and quotes, then a heading, a
// fence and a table.
const WARM_UP_SAMPLES = ['a', '**b** _c_ `d` [e](https://f.g)', '- h\n\n1. i\n\n> j', '# k\n\n```\nl\n```\n\n| m | n |\n|---|---|\n| o | p |\n']

// V8 compiles a regular expression on its first use and again to machine code on the next, once
// for text of Latin-1 characters alone and once more for text with any other (a curly quote, an
// emoji): marked's rules took 55-70 ms to compile for each kind of text, the longest rule 19 ms.
const WARM_UP_SUBJECTS = ['a', 'a\u2019']

let warmedUp = false

/**
 * Readies the renderer once per page, a step per idle period `whenIdle` gives: each of marked's
 * rules compiled for both kinds of text, then small samples rendered (marked's and DOMPurify's
 * code run until optimized). All in one go, it cost the first answer 40-60 ms, and 55 ms more in
 * the first answer with a character beyond Latin-1; no step of it is a long task.
 */
export function warmUpRenderer(whenIdle: (run: () => void) => void): void {
  if (warmedUp) return
  warmedUp = true
  const rules = [...Object.values(Lexer.rules.block.gfm), ...Object.values(Lexer.rules.inline.breaks)].filter((rule) => rule instanceof RegExp)
  const compileSteps = rules.flatMap((rule) => WARM_UP_SUBJECTS.map((subject) => () => compile(rule, subject)))
  const renderSteps = WARM_UP_SAMPLES.map((sample) => () => void renderMarkdown(sample, { allowedImageHosts: [], loadedImages: new Set() }))
  runEachWhenIdle(whenIdle, [...compileSteps, ...renderSteps])
}

function compile(rule: RegExp, subject: string): void {
  // Twice: the first use compiles to bytecode, the second to machine code.
  for (let use = 0; use < 2; use++) {
    rule.lastIndex = 0
    rule.exec(subject)
  }
  rule.lastIndex = 0
}

function runEachWhenIdle(whenIdle: (run: () => void) => void, steps: ReadonlyArray<() => void>, from = 0): void {
  const step = steps[from]
  if (step === undefined) return
  whenIdle(() => {
    step()
    runEachWhenIdle(whenIdle, steps, from + 1)
  })
}

/** The attribute naming the image a placeholder stands for. */
export const REMOTE_IMAGE_ATTRIBUTE = 'data-remote-image'

function guardImage(image: HTMLImageElement, policy: TRemoteContentPolicy): void {
  const source = image.getAttribute('src') ?? ''
  if (source && mayLoadImage(source, policy)) {
    image.setAttribute('referrerpolicy', 'no-referrer')
    image.setAttribute('loading', 'lazy')
    return
  }
  if (!source) {
    image.remove()
    return
  }
  const document = image.ownerDocument
  const placeholder = document.createElement('button')
  placeholder.type = 'button'
  placeholder.className = 'remote-image'
  placeholder.setAttribute(REMOTE_IMAGE_ATTRIBUTE, source)
  placeholder.title = source
  const alt = image.getAttribute('alt')?.trim()
  placeholder.textContent = `Load image${alt ? ` “${alt}”` : ''} from ${hostOf(source) ?? source}`
  image.replaceWith(placeholder)
}

function markLink(link: HTMLAnchorElement): void {
  link.setAttribute('target', '_blank')
  link.setAttribute('rel', 'noopener noreferrer')
  const href = link.getAttribute('href')
  if (!href) return
  link.title = href
  const target = /^https?:/i.test(href) ? (hostOf(href) ?? href) : href
  const text = link.textContent?.trim() ?? ''
  if (text === href || text === target) return
  const shown = link.ownerDocument.createElement('span')
  shown.className = 'link-target'
  shown.textContent = ` (${target})`
  link.after(shown)
}
