import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { splitMarkdownBlocks } from './split-markdown-blocks.ts'

const render = (text: string) => marked.parse(text, { async: false, gfm: true })

describe('splitMarkdownBlocks', () => {
  it('cuts at blank lines, never inside fenced code', () => {
    const text = '# Title\n\nSome *text*\nmore.\n\n```js\nconst a = 1\n\nconst b = 2\n```\n\n- one\n- two'
    const pieces = splitMarkdownBlocks(text)
    expect(pieces.map((piece) => piece.trim())).toEqual(['# Title', 'Some *text*\nmore.', '```js\nconst a = 1\n\nconst b = 2\n```', '- one\n- two'])
    // Rendered piece by piece, the blocks are the ones the whole text renders to.
    expect(pieces.map(render).join('')).toBe(render(text))
  })

  it('keeps every finished piece as it was when more text arrives', () => {
    const text = Array.from({ length: 400 }, (_unused, index) => (index % 37 === 0 ? `Paragraph ${index}.\n\n` : `word${index} `)).join('')
    let previous: string[] = []
    for (let end = 50; end <= text.length; end += 97) {
      const pieces = splitMarkdownBlocks(text.slice(0, end), 500)
      expect(pieces.slice(0, -2)).toEqual(previous.slice(0, Math.max(0, pieces.length - 2)))
      previous = pieces
    }
    expect(splitMarkdownBlocks(text, 500).join('').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '))
  })

  it('cuts a long paragraph at spaces into pieces no longer than the limit, losing no word', () => {
    const words = Array.from({ length: 3000 }, (_unused, index) => `${1_700_000 + index}.5`)
    const pieces = splitMarkdownBlocks(words.join(' '), 1_000)
    expect(pieces.length).toBeGreaterThan(20)
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(1_000)
    expect(pieces.join('').split(' ')).toEqual(words)
  })

  it('closes fenced code at a cut and opens it again after, so every piece stays code', () => {
    const code = Array.from({ length: 200 }, (_unused, index) => `line ${index}`).join('\n')
    const pieces = splitMarkdownBlocks(`\`\`\`ts\n${code}\n\`\`\``, 300)
    expect(pieces.length).toBeGreaterThan(3)
    for (const piece of pieces) expect(render(piece)).toMatch(/^<pre><code class="language-ts">[^<]*<\/code><\/pre>\n$/)
    const shown = pieces.map((piece) => piece.replace(/^```ts\n/, '').replace(/\n```\n?$/, '')).join('\n')
    expect(shown.split('\n').filter((line) => line !== '')).toEqual(code.split('\n'))
  })
})
