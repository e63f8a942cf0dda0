import DOMPurify, { type Config } from 'dompurify'
import { marked } from 'marked'
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

// An instance of its own, so these hooks apply to model text only.
const purify = DOMPurify(globalThis.window)
purify.addHook('uponSanitizeAttribute', (node, data) => {
  // `src` is kept on images alone, which the pass below turns into placeholders or guards.
  if (data.attrName === 'src' && node.nodeName !== 'IMG') data.keepAttr = false
})

/**
 * Model text as sanitized HTML: GitHub-flavoured Markdown through marked, then DOMPurify. Nothing
 * in it fetches when the HTML is put into the page: an image the policy does not allow becomes a
 * button naming its host, which the message view turns into the image on click. Links open in a
 * new tab without opener or referrer and show where they lead.
 */
export function renderMarkdown(text: string, policy: TRemoteContentPolicy): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true })
  // DOMPurify's own document has no browsing context: nothing in it loads while it is rewritten.
  const body = purify.sanitize(html, SANITIZE) as unknown as HTMLElement
  // GitHub task lists render checkboxes; any other input (an image button, say) goes.
  for (const input of Array.from(body.querySelectorAll('input'))) {
    if (input.getAttribute('type') === 'checkbox') input.setAttribute('disabled', '')
    else input.remove()
  }
  for (const image of Array.from(body.querySelectorAll('img'))) guardImage(image, policy)
  for (const link of Array.from(body.querySelectorAll('a'))) markLink(link)
  return body.innerHTML
}

// Markdown taking the paths answers usually take: a heading, paragraphs, emphasis, code, a link,
// lists, a quote, a fence and a table.
const WARM_UP_SAMPLE = '# a\n\nb **c** _d_ `e` [f](https://g.h)\n\n- i\n\n1. j\n\n> k\n\n```\nl\n```\n\n| m | n |\n|---|---|\n| o | p |\n'

/**
 * Renders a small sample once. The renderer's first run compiles marked's regular expressions and
 * runs its code unoptimized (about 40 ms in a fresh page); done while the page is idle, the first
 * answer does not pay it.
 */
export function warmUpRenderer(): void {
  renderMarkdown(WARM_UP_SAMPLE, { allowedImageHosts: [], loadedImages: new Set() })
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
