// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { REMOTE_IMAGE_ATTRIBUTE, renderMarkdown, renderMarkdownText } from './markdown-renderer.ts'
import { parseAllowedHosts, type TRemoteContentPolicy } from './remote-content.ts'

// A page that allows nothing: every remote image waits for a click.
const BLOCK_REMOTE_CONTENT: TRemoteContentPolicy = { allowedImageHosts: [], loadedImages: new Set() }
const LEAK = 'http://127.0.0.1:8787/leak.png?secret=abc123'

/** Every `src` the rendered HTML would load when put into a page. */
function sourcesOf(html: string): string[] {
  const template = document.createElement('template')
  template.innerHTML = html
  return Array.from(template.content.querySelectorAll('[src]')).map((element) => `${element.tagName.toLowerCase()}[src]=${element.getAttribute('src')}`)
}

// What DOMPurify strips (CSS url(), srcset, SVG, media…) is proven in Chromium by
// e2e/playground-remote-content.spec.ts: happy-dom's DOM does not sanitize like a browser's.
describe('renderMarkdown', () => {
  it('shows a blocked image as a button naming its host, which carries the address to load', () => {
    const template = document.createElement('template')
    template.innerHTML = renderMarkdown(`![chart](${LEAK})`, BLOCK_REMOTE_CONTENT)
    const button = template.content.querySelector('button')
    expect(button?.textContent).toBe('Load image “chart” from 127.0.0.1:8787')
    expect(button?.getAttribute(REMOTE_IMAGE_ATTRIBUTE)).toBe(LEAK)
  })

  it('loads an image the user clicked, and images from allowed hosts, without a referrer', () => {
    const clicked = renderMarkdown(`![chart](${LEAK})`, { allowedImageHosts: [], loadedImages: new Set([LEAK]) })
    expect(sourcesOf(clicked)).toEqual([`img[src]=${LEAK}`])
    expect(clicked).toContain('referrerpolicy="no-referrer"')
    expect(sourcesOf(renderMarkdown(`![chart](${LEAK})`, { allowedImageHosts: ['127.0.0.1'], loadedImages: new Set() }))).toHaveLength(1)
    expect(sourcesOf(renderMarkdown(`![chart](${LEAK})`, { allowedImageHosts: ['127.0.0.1:9999'], loadedImages: new Set() }))).toEqual([])
    expect(sourcesOf(renderMarkdown(`![chart](${LEAK})`, { allowedImageHosts: ['evil.127.0.0.1'], loadedImages: new Set() }))).toEqual([])
  })

  it('keeps inline data images, which fetch nothing', () => {
    const html = renderMarkdown('![dot](data:image/png;base64,iVBORw0KGgo=)', BLOCK_REMOTE_CONTENT)
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo="')
  })

  it('opens links in a new tab without opener or referrer, and shows where they lead', () => {
    const html = renderMarkdown('[the docs](https://docs.example.com/start) and <https://example.org/>', BLOCK_REMOTE_CONTENT)
    const template = document.createElement('template')
    template.innerHTML = html
    const [docs, plain] = Array.from(template.content.querySelectorAll('a'))
    expect(docs?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(docs?.getAttribute('target')).toBe('_blank')
    expect(docs?.getAttribute('title')).toBe('https://docs.example.com/start')
    expect(docs?.nextElementSibling?.textContent).toBe(' (docs.example.com)')
    // A link whose text is its address needs no second copy of it.
    expect(plain?.nextElementSibling).toBeNull()
  })

  it('shows HTML in model text as written, and the Markdown around it still renders', () => {
    const template = document.createElement('template')
    template.innerHTML = renderMarkdown('Put a **SKILL.md** in `.agents` as .agents/skills/<name>/ to get /<name>; <b>bold</b> stays <!-- text -->', BLOCK_REMOTE_CONTENT)
    expect(template.content.textContent).toContain('.agents/skills/<name>/ to get /<name>; <b>bold</b> stays <!-- text -->')
    expect(template.content.querySelector('name, b')).toBeNull()
    expect(template.content.querySelector('strong')?.textContent).toBe('SKILL.md')
    expect(template.content.querySelector('code')?.textContent).toBe('.agents')
  })

  it('keeps GitHub task lists as disabled checkboxes', () => {
    const html = renderMarkdown('- [x] done', BLOCK_REMOTE_CONTENT)
    expect(html).toMatch(/<input[^>]*type="checkbox"/)
    expect(html).toMatch(/<input[^>]*disabled/)
  })
})

describe('renderMarkdownText', () => {
  it.each([
    ['# Title\n\n**bold** _em_ ~~gone~~ `code`', 'Title bold em gone code'],
    ['```ts\nconst a = 1\n```', 'const a = 1'],
    ['[the docs](https://example.com/docs) and <https://example.com>', 'the docs (example.com) and https://example.com'],
    [`one line\nthe next, ![a chart](${LEAK}) and 1 &lt; 2`, 'one line the next, a chart and 1 < 2'],
    ['> quoted\n\n- [x] done\n- <name>', 'quoted done <name>']
  ])('%j reads %j', (markdown, text) => {
    // Line ends and spaces alike are a pause to a screen reader.
    expect(renderMarkdownText(markdown).replace(/\s+/g, ' ')).toBe(text)
  })
})

describe('parseAllowedHosts', () => {
  it('takes hosts and URLs separated by commas or spaces, and names what is not a host', () => {
    expect(parseAllowedHosts('images.example.com, https://cdn.example.org/x  127.0.0.1:8080 bad^host')).toEqual({
      hosts: ['images.example.com', 'cdn.example.org', '127.0.0.1:8080'],
      invalid: ['bad^host']
    })
  })
})
