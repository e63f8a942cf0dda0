import { describe, expect, it } from 'vitest'
import { decodeHtmlEntities } from './html-entities.ts'
import { htmlToText } from './html-to-text.ts'

describe('htmlToText', () => {
  it('turns a page into readable text with a little Markdown', () => {
    const page = `<!DOCTYPE html>
      <html><head><title>Robota &amp; friends</title><style>body { color: red }</style>
      <script>alert("<p>not text</p>")</script></head>
      <body>
        <nav><a href="/">Home</a></nav>
        <h1>Welcome</h1>
        <p>Agents   run
           <b>in the browser</b>, see <a href="/docs?x=1&amp;y=2">the docs</a>.</p>
        <ul><li>one</li><li>two <ol><li>nested</li></ol></li></ul>
        <table><tr><th>Name</th><th>Size</th></tr><tr><td>a.ts</td><td>1 kB</td></tr></table>
        <pre>  indented
    code</pre>
        <p>Line<br>break<hr>after <img src="x.png" alt="a cat"> <!-- hidden --></p>
      </body></html>`
    expect(htmlToText(page, 'https://example.com/page')).toBe(
      [
        '# Robota & friends',
        '',
        'Home (https://example.com/)',
        '',
        '# Welcome',
        '',
        'Agents run in the browser, see the docs (https://example.com/docs?x=1&y=2).',
        '',
        '- one',
        '- two',
        '',
        '  1. nested',
        '',
        'Name | Size',
        'a.ts | 1 kB',
        '',
        '  indented',
        '    code',
        '',
        'Line',
        'break',
        '---',
        'after [image: a cat]'
      ].join('\n')
    )
  })

  it.each([
    ['plain text', 'plain text'],
    ['a < b and c > d', 'a < b and c > d'],
    ['<p>unclosed <i>tags', 'unclosed tags'],
    ['<a href="https://x.dev/">https://x.dev</a>', 'https://x.dev'],
    ['<a href="#top">Top</a> <a href="javascript:void(0)">Run</a>', 'Top Run'],
    ['<div data-x="a > b">inside</div>', 'inside'],
    ['<p>caf&eacute;&nbsp;&#233;&#x1F30D;</p>', 'caf&eacute; é🌍'],
    ['<SCRIPT type="x">hidden</SCRIPT>Shown', 'Shown'],
    ['', '']
  ])('converts %j to %j', (html, text) => {
    expect(htmlToText(html)).toBe(text)
  })
})

describe('decodeHtmlEntities', () => {
  it.each([
    ['&lt;b&gt; &amp;amp; &quot;q&quot; &#39;s&#39;', '<b> &amp; "q" \'s\''],
    ['&mdash;&hellip;&copy;', '—…©'],
    ['&#0; &#xD800; &#99999999;', '\uFFFD \uFFFD \uFFFD'],
    ['&unknown; &AMP;', '&unknown; &']
  ])('decodes %j', (input, output) => {
    expect(decodeHtmlEntities(input)).toBe(output)
  })
})
