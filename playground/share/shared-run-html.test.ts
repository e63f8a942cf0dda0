import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildSharedRunHtml } from './shared-run-html.ts'
import { SHARED_RUN_STYLE } from './shared-run-style.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')
const between = (html: string, start: string, end: string) => html.slice(html.indexOf(start) + start.length, html.indexOf(end, html.indexOf(start)))

describe('buildSharedRunHtml', () => {
  it('allows exactly its inline script and style, by hash, and no request of any kind', async () => {
    const html = await buildSharedRunHtml({ jsonl: '{"format":"robota-replay"}\n', title: 'Run', viewerScript: 'document.title = "x"' })
    const policy = between(html, 'content="', '">')
    const script = between(html, '<script>', '</script>')
    expect(policy).toContain(`script-src 'sha256-${sha256(script)}'`)
    expect(policy).toContain(`style-src 'sha256-${sha256(SHARED_RUN_STYLE)}'`)
    expect(policy).toContain("default-src 'none'")
    expect(html).not.toMatch(/\b(src|href)=/)
  })

  it('keeps the log and the title from closing their elements, and the log reads back the same', async () => {
    const line = JSON.stringify({ text: '</script><img src=x onerror=alert(1)>' })
    const html = await buildSharedRunHtml({ jsonl: `${line}\n`, title: '<b>"Bug" & co</b>', viewerScript: 'const s = "</script>"' })
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(html).toContain('<title>&lt;b&gt;&quot;Bug&quot; &amp; co&lt;/b&gt; · Robota run</title>')
    const data = between(html, 'id="robota-run">', '</script>')
    expect(JSON.parse(data)).toEqual(JSON.parse(line))
    expect(between(html, '<script>', '</script>')).toBe('const s = "<\\/script>"')
  })
})
